import { useEffect, useRef } from "react";
import * as L from "leaflet";
import "leaflet/dist/leaflet.css";
import { MAPS } from "@netfleet/contracts/constants";
import {
  clusterIndex,
  inBatches,
  MAX_ZOOM,
  marksWithin,
  type MapMark,
  type TrackPoint,
} from "../map-clusters";
import classes from "./device-page.module.css";

export interface DeviceMapProps {
  track: readonly TrackPoint[];
  current: { latitude: number; longitude: number } | null;
  /** `https://…/{z}/{x}/{y}.png`; without it the points lie on a plain ground, and nothing is fetched. */
  tileUrl?: string | null;
  label: string;
  /** A track point's tooltip, e.g. its time. */
  describePoint: (point: TrackPoint) => string;
  describeCurrent: string;
  describeCluster: (count: number) => string;
}

const TRACK_COLOR = "#1c7ed6";
const CURRENT_COLOR = "#e03131";

/** A tooltip or label as text: Leaflet would read a string as HTML. */
function textNode(text: string): HTMLElement {
  const span = document.createElement("span");
  span.textContent = text;
  return span;
}

function clusterIcon(mark: Extract<MapMark, { kind: "cluster" }>): L.DivIcon {
  const body = document.createElement("div");
  body.className = classes.cluster!;
  body.style.width = `${mark.size}px`;
  body.style.height = `${mark.size}px`;
  body.style.fontSize = `${MAPS.cluster.textSize}px`;
  body.textContent = String(mark.count);
  return L.divIcon({ html: body, className: "", iconSize: [mark.size, mark.size] });
}

/**
 * The device's track on a Leaflet map: the line it followed, its points clustered with the
 * spec's constants, and where it is now. Loaded in its own chunk with Leaflet.
 */
export function DeviceMap({
  track,
  current,
  tileUrl,
  label,
  describePoint,
  describeCurrent,
  describeCluster,
}: DeviceMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const texts = useRef({ describePoint, describeCurrent, describeCluster });
  useEffect(() => {
    texts.current = { describePoint, describeCurrent, describeCluster };
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, {
      maxZoom: MAX_ZOOM,
      // Without tiles nothing forces whole zoom levels: the track can fill the map.
      zoomSnap: tileUrl ? 1 : 0.25,
      attributionControl: Boolean(tileUrl),
      worldCopyJump: true,
    });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: MAX_ZOOM }).addTo(map);

    const coordinates = track.map((p): L.LatLngTuple => [p.latitude, p.longitude]);
    if (coordinates.length > 1)
      L.polyline(coordinates, {
        color: TRACK_COLOR,
        weight: 3,
        opacity: 0.6,
        interactive: false,
      }).addTo(map);
    const everything = current
      ? [...coordinates, [current.latitude, current.longitude] as L.LatLngTuple]
      : coordinates;
    if (everything.length > 0) map.fitBounds(L.latLngBounds(everything).pad(0.2), { maxZoom: 14 });
    else map.setView([20, 0], 2);

    const index = clusterIndex(track);
    const marks = L.layerGroup().addTo(map);
    let frame = 0;
    const timers: number[] = [];

    const markFor = (mark: MapMark): L.Layer => {
      if (mark.kind === "point")
        return L.circleMarker([mark.latitude, mark.longitude], {
          radius: 5,
          color: "#ffffff",
          weight: 1.5,
          fillColor: TRACK_COLOR,
          fillOpacity: 0.9,
        }).bindTooltip(textNode(texts.current.describePoint(mark.point)));
      return L.marker([mark.latitude, mark.longitude], {
        icon: clusterIcon(mark),
        title: texts.current.describeCluster(mark.count),
        keyboard: true,
      }).on("click", () => {
        const zoom = Math.min(index.getClusterExpansionZoom(mark.id), MAX_ZOOM);
        timers.push(
          window.setTimeout(
            () => map.setView([mark.latitude, mark.longitude], zoom),
            MAPS.cluster.zoomOnClickDelayMs,
          ),
        );
      });
    };

    // Marks are added in batches, one per frame, so that a long track never blocks the page.
    const draw = () => {
      cancelAnimationFrame(frame);
      marks.clearLayers();
      const bounds = map.getBounds();
      const batches = inBatches(
        marksWithin(
          index,
          [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
          map.getZoom(),
        ),
      );
      const add = (i: number) => {
        for (const mark of batches[i] ?? []) marks.addLayer(markFor(mark));
        if (i + 1 < batches.length) frame = requestAnimationFrame(() => add(i + 1));
      };
      add(0);
    };
    map.on("moveend", draw);
    draw();

    if (current)
      L.circleMarker([current.latitude, current.longitude], {
        radius: 9,
        color: "#ffffff",
        weight: 3,
        fillColor: CURRENT_COLOR,
        fillOpacity: 1,
      })
        .bindTooltip(textNode(texts.current.describeCurrent))
        .addTo(map);

    return () => {
      cancelAnimationFrame(frame);
      for (const timer of timers) window.clearTimeout(timer);
      map.remove();
    };
  }, [track, current, tileUrl]);

  return <div ref={container} className={classes.map} role="region" aria-label={label} />;
}
