import Supercluster from "supercluster";
import { MAPS } from "@netfleet/contracts/constants";

/** A position of the device's track. */
export interface TrackPoint {
  latitude: number;
  longitude: number;
  /** `Y-m-d H:i:s`, UTC. */
  created_at: string;
}

export type MapMark =
  | {
      kind: "cluster";
      id: number;
      latitude: number;
      longitude: number;
      count: number;
      size: number;
    }
  | { kind: "point"; latitude: number; longitude: number; point: TrackPoint };

/** Leaflet's tiles are 256 pixels wide; the cluster radius is counted in screen pixels. */
const TILE_SIZE = 256;

/** Zoom levels the map offers; clusters break up into points at the deepest one. */
export const MAX_ZOOM = 18;

/**
 * The icon size of a cluster of `count` points (SH-CONST-009): one size per order of
 * magnitude, 2–9 points the smallest, 10 000 and more the largest.
 */
export function clusterIconSize(count: number): number {
  const sizes = MAPS.cluster.iconSizes;
  const digits = String(Math.max(1, Math.floor(count))).length;
  return sizes[Math.min(digits, sizes.length) - 1]!;
}

/**
 * The track's points indexed for clustering with the spec's constants (SH-CONST-009): points
 * within a 60-pixel grid of each other form a cluster of at least 2. The grid alone decides:
 * the spec's cluster radius (`MAPS.cluster.radiusKm`, FM-CONST-015) is longer than any two
 * places on Earth lie apart, so no distance ever keeps a point out of its cluster.
 */
export function clusterIndex(points: readonly TrackPoint[]) {
  const index = new Supercluster<{ point: TrackPoint }>({
    radius: MAPS.cluster.gridSize,
    extent: TILE_SIZE,
    minPoints: MAPS.cluster.minimumClusterSize,
    maxZoom: MAX_ZOOM - 1,
  });
  index.load(
    points.map((point) => ({
      type: "Feature" as const,
      properties: { point },
      geometry: { type: "Point" as const, coordinates: [point.longitude, point.latitude] },
    })),
  );
  return index;
}

/** West, south, east, north. */
export type Bounds = [number, number, number, number];

/** What the map shows within `bounds` at `zoom`: clusters and single points. */
export function marksWithin(
  index: ReturnType<typeof clusterIndex>,
  bounds: Bounds,
  zoom: number,
): MapMark[] {
  return index.getClusters(bounds, Math.round(zoom)).map((feature) => {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ("cluster" in props && props.cluster) {
      return {
        kind: "cluster",
        id: props.cluster_id,
        latitude,
        longitude,
        count: props.point_count,
        size: clusterIconSize(props.point_count),
      };
    }
    return { kind: "point", latitude, longitude, point: (props as { point: TrackPoint }).point };
  });
}

/** `items` in batches of the spec's size (FM-CONST-014), so that adding marks never blocks long. */
export function inBatches<T>(items: readonly T[], size: number = MAPS.cluster.batchSize): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}
