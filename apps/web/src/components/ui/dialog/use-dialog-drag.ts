import { type PointerEvent as ReactPointerEvent, type RefObject, useRef } from "react";

interface DragStart {
  pointerId: number;
  x: number;
  y: number;
  offset: { x: number; y: number };
  /** How far the frame may go each way before its header leaves the screen. */
  bounds: { left: number; right: number; up: number; down: number };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * Dragging a frame by its header with the pointer (FM-DIALOG-015). The offset is clamped
 * so that the whole header stays on screen; presses on the header's buttons and links do
 * not drag.
 */
export function useDialogDrag({
  enabled,
  frameRef,
  headerRef,
  offset,
  onMove,
}: {
  enabled: boolean;
  frameRef: RefObject<HTMLElement | null>;
  headerRef: RefObject<HTMLElement | null>;
  offset: { x: number; y: number };
  onMove: (offset: { x: number; y: number }) => void;
}) {
  const start = useRef<DragStart | null>(null);

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!enabled || event.button !== 0) return;
    if ((event.target as Element).closest("button, a, input, select, textarea")) return;
    const frame = frameRef.current?.getBoundingClientRect();
    const header = headerRef.current?.getBoundingClientRect();
    if (!frame || !header) return;
    start.current = {
      pointerId: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      offset,
      bounds: {
        left: -Math.max(0, frame.left),
        right: Math.max(0, window.innerWidth - frame.right),
        up: -Math.max(0, header.top),
        down: Math.max(0, window.innerHeight - header.bottom),
      },
    };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const drag = start.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const { bounds } = drag;
    onMove({
      x: drag.offset.x + clamp(event.clientX - drag.x, bounds.left, bounds.right),
      y: drag.offset.y + clamp(event.clientY - drag.y, bounds.up, bounds.down),
    });
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    start.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };
}
