import { DEFAULT_THEME, type Theme } from "@netfleet/contracts/schemas/theme";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";

/** A signed-in user as `GET /api/user` answers, for start-up and onboarding tests. */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    username: "ada",
    email: "ada@example.com",
    first_name: "Ada",
    last_name: "Lovelace",
    company: { id: 1, name: "Netfleet Demo", level: 1, parent_id: 0, show_payment: true },
    role: { id: 2, name: "admin", title: "Admin" },
    avatar_url: null,
    avatar_path: null,
    tos_accepted: true,
    terms_conditions: true,
    email_verified: true,
    mfa_type: null,
    exp: 2_000_000_000,
    permissions: ["view_devices"],
    scope: [],
    impersonation_access_limit: null,
    token: { sub: "7", iat: 1, exp: 2_000_000_000 },
    country_iso_code: null,
    last_login_at: null,
    ...overrides,
  };
}

/** The token of a session in which an operator acts as this user. */
export const IMPERSONATED_TOKEN = {
  sub: "7",
  iat: 1_700_000_000,
  exp: 2_000_000_000,
  act: { sub: "1", email: "support@example.com" },
};

/** The default theme with overrides, for tests of branding rules. */
export function testTheme(overrides: Partial<Theme> = {}): Theme {
  return { ...DEFAULT_THEME, ...overrides };
}
