import { toRmsDateTime } from "@netfleet/contracts/dates";
import { API_SCOPES } from "@netfleet/contracts/scopes";
import type { CurrentUser, UserListItem } from "@netfleet/contracts/schemas/users";
import type { Auth } from "../../plugins/auth";
import type { UserListRow, UserProfileRow } from "./users.repo";

/** The current user in the shape shell.md §3 and RMS's `/user` share. */
export function presentCurrentUser(row: UserProfileRow, auth: Auth): CurrentUser {
  const { user, company, role } = row;
  const tosAccepted = user.tosAccepted;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    company: {
      id: company.id,
      name: company.name,
      level: company.level,
      parent_id: company.parentId ?? 0,
      show_payment: company.showPayment,
    },
    role,
    avatar_url: user.avatarPath ? `/api/users/${user.id}/avatar` : null,
    avatar_path: user.avatarPath,
    tos_accepted: tosAccepted,
    terms_conditions: tosAccepted,
    email_verified: user.emailVerifiedAt !== null,
    mfa_type: user.mfaType,
    exp: auth.exp,
    permissions: [...auth.permissions].sort(),
    scope: auth.tokenScopes ? [...auth.tokenScopes].sort() : [...API_SCOPES],
    impersonation_access_limit: user.impersonationAccessLimit?.toISOString() ?? null,
    token: {
      sub: String(user.id),
      iat: auth.iat,
      exp: auth.exp,
      ...(auth.operator && { act: { sub: String(auth.operator.id), email: auth.operator.email } }),
    },
    country_iso_code: user.countryIsoCode,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** A row of the user list, in RMS's shape: `role` is the role's id. */
export function presentUserListItem({ user, companyName, role }: UserListRow): UserListItem {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    company_id: user.companyId,
    company_name: companyName,
    role: role.id,
    role_name: role.name,
    role_title: role.title,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: toRmsDateTime(user.createdAt),
  };
}
