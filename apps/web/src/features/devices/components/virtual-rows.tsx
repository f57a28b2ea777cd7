import type { ReactNode, RefObject } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { DeviceListItem as Device } from "@netfleet/contracts/schemas/devices";

interface VirtualRowsProps {
  rows: readonly Device[];
  /** The element that scrolls the rows. */
  scroller: RefObject<HTMLElement | null>;
  rowHeight: number;
  row: (device: Device) => ReactNode;
  /** An empty row of the given height, standing for the rows not drawn. */
  spacer: (height: number, key: string) => ReactNode;
}

/**
 * The rows of a long page of devices that are in sight, and a few around them. A module of
 * its own: the virtualizer loads only when a page is long enough to need it.
 */
export default function VirtualRows({ rows, scroller, rowHeight, row, spacer }: VirtualRowsProps) {
  // The console is not built with React Compiler, whose memoising this rule guards; the
  // virtualizer renders the rows again itself as the page scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {spacer(top, "top")}
      {items.map((item) => row(rows[item.index]!))}
      {spacer(bottom, "bottom")}
    </>
  );
}
