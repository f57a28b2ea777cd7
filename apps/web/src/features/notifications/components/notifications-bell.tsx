import type { CurrentUser } from "@netfleet/contracts/schemas/users";

/** The header's notifications bell (shell §2 Notifications and notices). */
export function NotificationsBell(_props: { user: CurrentUser }) {
  return null;
}
