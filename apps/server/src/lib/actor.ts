import type { TenantScope } from "../db/tenancy";

/**
 * Who acts, through what, with which permissions, inside which company subtree: the one
 * caller type services take, whatever carried the call. A browser session and a personal
 * access token arrive over HTTP (`Auth` in plugins/auth.ts extends this); a background job
 * acts for the user who started it, re-read when it runs; a device acts as itself inside
 * its company. Repositories take `tenant` and filter with `inTenant`, so every transport
 * sees exactly the same rows.
 */
export interface Actor {
  kind: "user" | "device";
  /** The user's or the device's id. */
  id: number;
  via: "session" | "token" | "job" | "device";
  /** The company the actor belongs to: the default when a call names none. */
  companyId: number;
  permissions: ReadonlySet<string>;
  tenant: TenantScope;
}

/** What the server knows of a signed-in user on every call: identity, role and duties. */
export interface ActingUser {
  id: number;
  email: string;
  emailVerified: boolean;
  disabled: boolean;
  companyId: number;
  companyPath: string;
  roleId: number;
  roleName: string;
  globalScope: boolean;
  permissions: string[];
  /** The user's second factor, or null without one. */
  mfaType: "email" | "teltonika_id" | "totp" | null;
  /** The user's company requires a second factor. */
  mfaMandatory: boolean;
}

/** A user's background work (an action's step), with who the user is for its records. */
export interface JobActor extends Actor {
  kind: "user";
  via: "job";
  user: ActingUser;
}

/** The actor of a user acting through `via`. */
export function userActor(user: ActingUser, via: Actor["via"]): Actor {
  return {
    kind: "user",
    id: user.id,
    via,
    companyId: user.companyId,
    permissions: new Set(user.permissions),
    tenant: { companyPath: user.companyPath, global: user.globalScope },
  };
}
