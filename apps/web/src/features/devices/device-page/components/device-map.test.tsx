import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
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

  describe("with a size to draw in", () => {
    // Some 30 m apart: one cluster at the zoom that fits them, single points up close.
    const nearby = [0, 1].map((i) => ({
      latitude: 54.68 + i * 0.0003,
      longitude: 25.27,
      created_at: `2026-03-01 10:0${i}:00`,
    }));

    function renderNearby() {
      // jsdom lays nothing out; Leaflet sizes the map from the container.
      vi.spyOn(Element.prototype, "clientWidth", "get").mockReturnValue(600);
      vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(400);
      const view = render(
        <DeviceMap
          track={nearby}
          current={null}
          label="Map of the device's positions"
          describePoint={(p) => p.created_at}
          describeCurrent="Current position"
          describeCluster={(count) => `Positions here: ${count}`}
        />,
      );
      const map = screen.getByRole("region", { name: "Map of the device's positions" });
      const points = () => map.querySelectorAll(".leaflet-overlay-pane path.leaflet-interactive");
      return { ...view, points };
    }

    afterEach(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });

    it("FM-CONST-016 writes a cluster's count in 11-pixel text", () => {
      renderNearby();
      const cluster = screen.getByTitle("Positions here: 2");
      expect(cluster).toHaveTextContent("2");
      expect(cluster.firstElementChild).toHaveStyle({ fontSize: "11px" });
    });

    it("FM-CONST-017 zooms in on a clicked cluster 100 ms after the click", () => {
      vi.useFakeTimers();
      const { points } = renderNearby();
      expect(points()).toHaveLength(0);

      fireEvent.click(screen.getByTitle("Positions here: 2"));
      act(() => {
        vi.advanceTimersByTime(99);
      });
      expect(screen.getByTitle("Positions here: 2")).toBeInTheDocument();

      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.queryByTitle("Positions here: 2")).not.toBeInTheDocument();
      expect(points()).toHaveLength(2);
    });
  });
});
