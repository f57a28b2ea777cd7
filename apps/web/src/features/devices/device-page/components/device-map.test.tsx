import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { DeviceMap } from "./device-map";

const track = [
  { latitude: 54.68, longitude: 25.27, created_at: "2026-03-01 10:00:00" },
  { latitude: 54.9, longitude: 25.6, created_at: "2026-03-01 10:05:00" },
  { latitude: 55.4, longitude: 26.4, created_at: "2026-03-01 10:10:00" },
];

function renderMap(tileUrl: string | null) {
  return render(
    <DeviceMap
      track={track}
      current={{ latitude: 55.4, longitude: 26.4 }}
      tileUrl={tileUrl}
      label="Map of the device's positions"
      describePoint={(p) => p.created_at}
      describeCurrent="Current position"
      describeCluster={(count) => `Positions here: ${count}`}
    />,
  );
}

describe("the device map", () => {
  it("draws the track and the current position without fetching a single tile", () => {
    renderMap(null);
    const map = screen.getByRole("region", { name: "Map of the device's positions" });
    expect(map.querySelectorAll("img")).toHaveLength(0);
    expect(map.querySelector(".leaflet-tile-pane")?.children).toHaveLength(0);
    // The line and the current position; jsdom's map has no size, so no track marks fall in view.
    expect(map.querySelectorAll(".leaflet-overlay-pane path").length).toBeGreaterThanOrEqual(2);
    expect(map.querySelector(".leaflet-control-attribution")).toBeNull();
  });

  it("asks the configured tile server for tiles", () => {
    renderMap("https://tiles.example.com/{z}/{x}/{y}.png");
    const map = screen.getByRole("region", { name: "Map of the device's positions" });
    expect(map.querySelector(".leaflet-tile-pane .leaflet-layer")).not.toBeNull();
  });
});
