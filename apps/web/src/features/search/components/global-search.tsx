import type { CurrentUser } from "@netfleet/contracts/schemas/users";

/** The header's global search (shell §2 Global search). */
export function GlobalSearch(_props: { user: CurrentUser }) {
  return null;
}
