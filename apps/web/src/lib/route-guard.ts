import {
  canOpenRoute,
  firstPermittedPage,
  holdsAnyViewPermission,
  type Viewer,
} from "@netfleet/contracts/navigation";
import type { RouteSpec } from "@netfleet/contracts/routes";
import { signInUrl } from "./account-paths";

/**
 * The route guard (shell §5, decisions D7 and D8): one pure decision per navigation, its
 * rules tried strictly in the specification's order. The console layout acts on it.
 */
export type GuardOutcome =
  | { kind: "allow" }
  /** Rule 1. */
  | { kind: "offline" }
  /** Rule 4, not signed in: to the account sign-in, coming back afterwards (D7). */
  | { kind: "sign-in"; to: string }
  /** Rules 4 and 7: the first page the user may open. */
  | { kind: "redirect"; to: string }
  /** Rule 5: a same-host `continue_url`. */
  | { kind: "continue"; to: string }
  /** Rule 6: "Access denied", the user may view nothing. */
  | { kind: "access-denied" };

export interface GuardInput {
  online: boolean;
  /** The matched route; undefined for a path the table does not know. */
  route: RouteSpec | undefined;
  params: Readonly<Record<string, string | undefined>>;
  location: { pathname: string; search: string; host: string };
  /** Null while nobody is signed in. */
  user: { permissions: readonly string[] } | null;
  disabledRoutes: readonly string[];
}

/** Where `continue_url` leads, when it stays on this host (rule 5). */
export function sameHostContinueTarget(search: string, host: string): string | null {
  const raw = new URLSearchParams(search).get("continue_url");
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, `http://${host}`);
  } catch {
    return null;
  }
  if (url.host !== host || !/^https?:$/.test(url.protocol)) return null;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // "//host/x" and "/\\host/x" would lead to another host.
  return /^\/(?![/\\])/.test(target) ? target : null;
}

export function decideRoute(input: GuardInput): GuardOutcome {
  const { route, location, user } = input;

  // 1. Offline browser.
  if (!input.online) return route?.name === "offline" ? { kind: "allow" } : { kind: "offline" };

  // 2. No-auth routes.
  if (route?.noAuth) return { kind: "allow" };

  // 3. Connect screens opened with a one-time session key (D8: all four).
  if (route?.keyAccess && new URLSearchParams(location.search).has("key")) {
    return { kind: "allow" };
  }

  // 4. Signed in, and permitted.
  if (!user) return { kind: "sign-in", to: signInUrl(`${location.pathname}${location.search}`) };
  const viewer: Viewer = { permissions: user.permissions, disabledRoutes: input.disabledRoutes };
  const fallback = firstPermittedPage(viewer);
  const permitted = !!route && canOpenRoute(route, { ...viewer, disabledRoutes: [] }, input.params);
  if (!permitted) {
    return fallback && fallback !== location.pathname
      ? { kind: "redirect", to: fallback }
      : { kind: "access-denied" };
  }

  // 5. continue_url, on this host only.
  const target = sameHostContinueTarget(location.search, location.host);
  if (target && target !== `${location.pathname}${location.search}`) {
    return { kind: "continue", to: target };
  }

  // 6. Nothing to view at all.
  if (!holdsAnyViewPermission(user.permissions)) return { kind: "access-denied" };

  // 7. Routes the theme disables.
  if (input.disabledRoutes.includes(route.name)) {
    return fallback && fallback !== location.pathname
      ? { kind: "redirect", to: fallback }
      : { kind: "access-denied" };
  }

  return { kind: "allow" };
}
