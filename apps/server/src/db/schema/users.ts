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

/**
 * Who moved a user from one company to another, and when. Names and e-mails are copied so
 * that a row still reads after the user, the mover or a company is deleted.
 */
export const userMoveLogs = pgTable(
  "user_move_logs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    fromCompanyId: integer("from_company_id").references(() => companies.id, {
      onDelete: "set null",
    }),
    fromCompanyName: text("from_company_name").notNull(),
    toCompanyId: integer("to_company_id").references(() => companies.id, {
      onDelete: "set null",
    }),
    toCompanyName: text("to_company_name").notNull(),
    movedById: integer("moved_by_id").references(() => users.id, { onDelete: "set null" }),
    movedByEmail: text("moved_by_email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("user_move_logs_from_company_id_idx").on(t.fromCompanyId),
    index("user_move_logs_to_company_id_idx").on(t.toCompanyId),
    index("user_move_logs_user_id_idx").on(t.userId),
  ],
);

/**
 * Addresses mail is no longer sent to: a message to them was refused for good (an SMTP 5xx
 * answer). A super administrator removes an address once it works again.
 */
export const suppressedEmails = pgTable("suppressed_emails", {
  /** Stored lower-case. */
  email: text("email").primaryKey(),
  reason: text("reason").notNull(),
  createdAt: createdAt(),
});
