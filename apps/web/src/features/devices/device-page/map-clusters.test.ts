import { describe, expect, it } from "vitest";
import { MAPS } from "@netfleet/contracts/constants";
import {
  clusterIconSize,
  clusterIndex,
  inBatches,
  marksWithin,
  type TrackPoint,
} from "./map-clusters";

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

function point(latitude: number, longitude: number, minute = 0): TrackPoint {
  return { latitude, longitude, created_at: `2026-03-01 10:${String(minute).padStart(2, "0")}:00` };
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance. */
function distanceKm(a: TrackPoint, b: TrackPoint): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) *
      Math.cos(rad(b.latitude)) *
      Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

describe("map clusters", () => {
  it("SH-CONST-009 sizes cluster icons 53, 56, 66, 78 and 90 by the count's order of magnitude", () => {
    expect([2, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 250_000].map(clusterIconSize)).toEqual([
      53, 53, 56, 56, 66, 66, 78, 78, 90, 90,
    ]);
  });

  it("SH-CONST-009 gathers points within a 60-pixel grid into clusters of at least 2", () => {
    // At zoom 10 a degree of longitude is 256 * 2^10 / 360 ≈ 728 pixels.
    const degreesPerPixel = 360 / (256 * 2 ** 10);
    const near = point(54.7, 25.28);
    const within40px = point(54.7, 25.28 + 40 * degreesPerPixel, 1);
    const beyond200px = point(54.7, 25.28 + 200 * degreesPerPixel, 2);
    const index = clusterIndex([near, within40px, beyond200px]);

    const marks = marksWithin(index, WORLD, 10);
    const clusters = marks.filter((m) => m.kind === "cluster");
    const single = marks.filter((m) => m.kind === "point");
    expect(clusters).toEqual([expect.objectContaining({ count: 2, size: 53 })]);
    expect(single).toEqual([expect.objectContaining({ point: beyond200px })]);
    expect(MAPS.cluster.minimumClusterSize).toBe(2);
  });

  it("shows every point on its own when zoomed in far enough", () => {
    const points = [point(54.7, 25.28), point(54.7001, 25.2801, 1), point(54.7002, 25.2802, 2)];
    const index = clusterIndex(points);
    expect(marksWithin(index, WORLD, 3)).toEqual([
      expect.objectContaining({ kind: "cluster", count: 3 }),
    ]);
    expect(marksWithin(index, WORLD, 18).map((m) => m.kind)).toEqual(["point", "point", "point"]);
  });

  it("FM-CONST-015 gathers points thousands of kilometres apart once the grid does: the 40000 km radius spans the Earth", () => {
    // 80 degrees of longitude are 57 pixels at zoom 0, within the 60-pixel grid.
    const west = point(0, -40);
    const east = point(0, 40, 1);
    expect(marksWithin(clusterIndex([west, east]), WORLD, 0)).toEqual([
      expect.objectContaining({ kind: "cluster", count: 2 }),
    ]);
    expect(distanceKm(west, east)).toBeGreaterThan(8800);

    expect(MAPS.cluster.radiusKm).toBe(40_000);
    const antipodes = distanceKm(point(0, 0), point(0, 180));
    expect(antipodes).toBeLessThan(MAPS.cluster.radiusKm);
  });

  it("FM-CONST-014 adds marks in batches of 2000", () => {
    const batches = inBatches(Array.from({ length: 4500 }, (_, i) => i));
    expect(batches.map((b) => b.length)).toEqual([2000, 2000, 500]);
    expect(inBatches([])).toEqual([]);
  });
});
