import { toRmsDateTime } from "@netfleet/contracts/dates";
import { API_SCOPES } from "@netfleet/contracts/scopes";
import type {
  CurrentUser,
  User,
  UserListItem,
  UserMoveLog,
  SuppressedEmail,
} from "@netfleet/contracts/schemas/users";
import type { Auth } from "../../plugins/auth";
import type { UserMoveLogRow } from "./user-move-logs.repo";
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
    mfa_type: user.mfaType,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: toRmsDateTime(user.createdAt),
  };
}

/** One user in RMS's single-user shape: `role` is the title, `role_id` the id. */
export function presentUser({ user, company, role }: UserProfileRow): User {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    role_id: role.id,
    role: role.title,
    role_name: role.name,
    company_id: company.id,
    company_name: company.name,
    company_level: company.level,
    company_parent_id: company.parentId ?? 0,
    mfa_type: user.mfaType,
    last_login_at: user.lastLoginAt?.toISOString() ?? null,
    created_at: toRmsDateTime(user.createdAt),
  };
}

export function presentUserMoveLog(row: UserMoveLogRow): UserMoveLog {
  return {
    id: row.id,
    user_id: row.userId,
    user_email: row.userEmail,
    from_company_id: row.fromCompanyId,
    from_company_name: row.fromCompanyName,
    to_company_id: row.toCompanyId,
    to_company_name: row.toCompanyName,
    moved_by_id: row.movedById,
    moved_by_email: row.movedByEmail,
    created_at: toRmsDateTime(row.createdAt),
  };
}

export function presentSuppressedEmail(row: {
  email: string;
  reason: string;
  createdAt: Date;
}): SuppressedEmail {
  return { email: row.email, reason: row.reason, created_at: toRmsDateTime(row.createdAt) };
}
