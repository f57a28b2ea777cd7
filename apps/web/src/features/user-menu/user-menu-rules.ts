import { hasPermission } from "@netfleet/contracts/permissions";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { deriveUserFields } from "@netfleet/contracts/user-fields";

/**
 * Who sees what in the user menu (shell §2 User menu, decisions D6 and D14). Pure, so
 * that the menu and its tests read the same rules.
 */

/** The menu's panels: one at a time, each sub-menu with a Back entry to `main`. */
export const MENU_VIEWS = [
  "main",
  "darkmode",
  "timezone",
  "languages",
  "credits_summary",
  "impersonation",
] as const;
export type MenuView = (typeof MENU_VIEWS)[number];

/** Someone else is acting as this user: the access token names them in `act`. */
export function isImpersonating(user: CurrentUser): boolean {
  return deriveUserFields(user).isImpersonating;
}

/** Whether the user's grant to be impersonated is still running at `now`. */
export function impersonationActive(
  limit: string | null,
  now: Date | number = Date.now(),
): boolean {
  if (!limit) return false;
  const until = Date.parse(limit);
  return !Number.isNaN(until) && until > new Date(now).getTime();
}

// Company id 0 is no company at all: there is nothing to count for it.
function dataAllowed(user: CurrentUser, theme: Theme): boolean {
  return theme.showData && user.company.id !== 0;
}

/** The resource summary and its credit list (D6: `view_credits_summary`). */
export function showResourceSummary(user: CurrentUser, theme: Theme): boolean {
  return dataAllowed(user, theme) && hasPermission(user.permissions, "view_credits_summary");
}

/** The "Company data remaining" figure also needs `view_company_data_history` (D6). */
export function showCompanyData(user: CurrentUser, theme: Theme): boolean {
  return (
    showResourceSummary(user, theme) && hasPermission(user.permissions, "view_company_data_history")
  );
}

/** Payment controls are for top-level companies only (D14). */
export function showPaymentControl(user: CurrentUser): boolean {
  return deriveUserFields(user).show_payment_control;
}

/**
 * "Get more resources": only in the unbranded product, for a top-level company whose
 * `show_payment` flag is set, and only when there is somewhere to buy (D14).
 */
export function showBuyLink(user: CurrentUser, theme: Theme): boolean {
  return (
    showResourceSummary(user, theme) &&
    theme.default &&
    showPaymentControl(user) &&
    user.company.show_payment &&
    theme.buy_link !== null
  );
}

/** Up to two letters for the avatar: first and last name, else the e-mail's name part. */
export function userInitials(
  user: Pick<CurrentUser, "first_name" | "last_name" | "email">,
): string {
  const names = [user.first_name, user.last_name].filter((n): n is string => Boolean(n?.trim()));
  if (names.length > 0) return names.map((n) => n.trim()[0]!.toUpperCase()).join("");
  const local = user.email.split("@")[0] ?? "";
  const parts = local.split(/[._-]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join("");
}
