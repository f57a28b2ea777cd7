import { Notifications, type NotificationsProps } from "@mantine/notifications";
import { TOASTS } from "@netfleet/contracts/constants";

export type ToastPosition = (typeof TOASTS.positions)[number];
type NotificationPosition = NonNullable<NotificationsProps["position"]>;

/** The spec names toast positions as "top" and "bottom"; Mantine calls them top-center, bottom-center. */
export function toastPosition(position: ToastPosition): NotificationPosition {
  if (position === "top") return "top-center";
  if (position === "bottom") return "bottom-center";
  return position;
}

/**
 * Where toasts show. Every toast can be closed (Mantine's default close button) and waits
 * while hovered. Mantine on its own would put them bottom-right; the console shows them at
 * the top.
 */
export function ToastsContainer() {
  return (
    <Notifications
      position={toastPosition(TOASTS.mainAppPosition)}
      limit={TOASTS.maxVisible}
      autoClose={TOASTS.durationMs}
      transitionDuration={TOASTS.closeAnimationMs}
      pauseResetOnHover="all"
    />
  );
}
