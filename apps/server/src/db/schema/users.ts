import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { companies } from "./companies";
import { roles } from "./roles";

/** An enrolment in progress: the new secret (TOTP) or the e-mailed code's hash. */
export interface MfaPending {
  type: "totp" | "email";
  secret: string | null;
  codeHash: string | null;
  /** ISO timestamp. */
  expiresAt: string;
  attempts: number;
}

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-case; unique across the installation. */
    email: text("email").notNull(),
    username: text("username"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** argon2id; null for an account that has never set a password. */
    passwordHash: text("password_hash"),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    tosAccepted: boolean("tos_accepted").notNull().default(false),
    mfaType: text("mfa_type", { enum: ["email", "teltonika_id", "totp"] }),
    /** Base32 TOTP secret while `mfaType` is totp; null otherwise. */
    totpSecret: text("totp_secret"),
    /** The last TOTP time step accepted, so each code works once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** A second factor being enrolled (`PUT /api/mfa` confirms it); null when none. */
    mfaPending: jsonb("mfa_pending").$type<MfaPending>(),
    countryIsoCode: text("country_iso_code"),
    avatarPath: text("avatar_path"),
    impersonationAccessLimit: timestamp("impersonation_access_limit", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_company_id_idx").on(t.companyId),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("users_username_trgm_idx").using("gin", t.username.op("gin_trgm_ops")),
  ],
);
