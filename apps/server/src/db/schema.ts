import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { NOTICE_TYPES } from "@netfleet/contracts/schemas/notices";
import { NOTIFICATION_TYPES } from "@netfleet/contracts/schemas/notifications";

/** An enrolment in progress: the new secret (TOTP) or the e-mailed code's hash. */
export interface MfaPending {
  type: "totp" | "email";
  secret: string | null;
  codeHash: string | null;
  /** ISO timestamp. */
  expiresAt: string;
  attempts: number;
}

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Companies form a tree. `path` is the materialised ancestry ("1/5/12/"): a company's
 * subtree is every row whose path starts with its own, which one indexed prefix scan
 * answers (db/tenancy.ts).
 */
export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => companies.id),
    /** 1 for a top-level company; a subsidiary is its parent's level + 1. */
    level: smallint("level").notNull(),
    path: text("path").notNull(),
    showPayment: boolean("show_payment").notNull().default(false),
    /** Company data left to spend, in bytes (RMS `remaining_data`). */
    remainingData: bigint("remaining_data", { mode: "number" }).notNull().default(0),
    /** Every user of the company must have a second factor before using the console. */
    mfaMandatory: boolean("mfa_mandatory").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("companies_path_key").using("btree", t.path.op("text_pattern_ops")),
    index("companies_parent_id_idx").on(t.parentId),
    index("companies_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

/** Fixed roles keep the ids of contracts/roles.ts; custom roles are numbered from 1000. */
export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Null for the fixed roles every company shares. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    isDefault: boolean("is_default").notNull().default(false),
    globalScope: boolean("global_scope").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("roles_company_name_key").on(sql`coalesce(${t.companyId}, 0)`, t.name)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission: text("permission").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

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
 * A browser session: one sign-in. Every refresh token it ever had belongs to it, so
 * revoking the session ends the whole token family.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /** When the password was last typed in this session (sign-in or re-confirmation). */
    passwordConfirmedAt: timestamp("password_confirmed_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Refresh tokens are stored as SHA-256 hashes; `usedAt` marks a rotated one. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Who rotated this token: a hash of the browser's user agent and address. */
    rotatedBy: text("rotated_by"),
    /**
     * The tokens that rotation issued, sealed with this token's own secret: a racing tab of
     * the same browser gets exactly these again, and the database alone cannot open them.
     */
    successor: text("successor"),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash),
    index("refresh_tokens_session_id_idx").on(t.sessionId),
  ],
);

/** One-time links sent by e-mail: e-mail verification, password reset and sign-in. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", {
      enum: ["verify_email", "reset_password", "sign_in_link"],
    }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("user_tokens_hash_key").on(t.tokenHash),
    index("user_tokens_user_id_idx").on(t.userId),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id),
    invitedById: integer("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("invitations_hash_key").on(t.tokenHash),
    index("invitations_company_id_idx").on(t.companyId),
  ],
);

export const personalAccessTokens = pgTable(
  "personal_access_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("personal_access_tokens_hash_key").on(t.tokenHash),
    index("personal_access_tokens_user_id_idx").on(t.userId),
  ],
);

/**
 * Every e-mail the server sends, whether it left over SMTP or stays here (no SMTP_URL).
 * It is what the Mail logs page lists.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** What the message is for, e.g. "verify_email", so logs can be filtered. */
    template: text("template").notNull(),
    status: text("status", { enum: ["outbox", "pending", "sent", "failed"] }).notNull(),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_created_at_idx").on(t.createdAt),
    index("mail_outbox_to_idx").on(t.to),
  ],
);

/** Installation-wide settings the server generates once, such as the token signing key. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    color: text("color"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tags_company_name_key").on(t.companyId, t.name),
    index("tags_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);

/** The devices a company registered. The devices module extends this table. */
export const devices = pgTable(
  "devices",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    serial: text("serial").notNull(),
    mac: text("mac").notNull(),
    model: text("model").notNull(),
    firmware: text("firmware"),
    /** 0 Offline, 1 Online, 2 Pending, anything else Not Activated. */
    status: smallint("status").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("devices_serial_key").on(t.serial),
    index("devices_company_id_idx").on(t.companyId),
    index("devices_created_at_idx").on(t.createdAt),
    // Search (`q=`) matches substrings of these; pg_trgm GIN indexes keep it fast at scale.
    index("devices_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("devices_serial_trgm_idx").using("gin", t.serial.op("gin_trgm_ops")),
    index("devices_mac_trgm_idx").using("gin", t.mac.op("gin_trgm_ops")),
  ],
);

/**
 * A grant of impersonation access waiting for its e-mailed confirmation link. Opening the
 * link (signed in as the same user) copies `until` to users.impersonation_access_limit.
 */
export const impersonationGrants = pgTable(
  "impersonation_grants",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    until: timestamp("until", { withTimezone: true }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("impersonation_grants_hash_key").on(t.tokenHash),
    index("impersonation_grants_user_id_idx").on(t.userId),
  ],
);

/**
 * Every impersonation, who acted as whom and when. E-mails and the company are copied so
 * the log still reads right after accounts change or go. An open row (no `ended_at`) is
 * the live impersonation of its browser session: at most one per session.
 */
export const impersonationLogs = pgTable(
  "impersonation_logs",
  {
    id: serial("id").primaryKey(),
    operatorId: integer("operator_id").references(() => users.id, { onDelete: "set null" }),
    operatorEmail: text("operator_email").notNull(),
    targetId: integer("target_id").references(() => users.id, { onDelete: "set null" }),
    targetEmail: text("target_email").notNull(),
    targetCompanyId: integer("target_company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: text("end_reason", {
      enum: ["cancelled", "expired", "revoked", "signed_out", "session_ended"],
    }),
  },
  (t) => [
    index("impersonation_logs_target_company_id_idx").on(t.targetCompanyId),
    index("impersonation_logs_started_at_idx").on(t.startedAt),
    index("impersonation_logs_target_id_idx").on(t.targetId),
    uniqueIndex("impersonation_logs_live_session_key")
      .on(t.sessionId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Kinds of prepaid credit ("Remote access", "Data", …). Deliberately minimal: balances
 * only. Movements, purchases and transfer codes belong to the credits capability that
 * extends these tables.
 */
export const creditTypes = pgTable(
  "credit_types",
  {
    id: serial("id").primaryKey(),
    /** Stable code, RMS `credit_type`, e.g. "remote_access". */
    code: text("code").notNull(),
    /** Title shown to people, RMS `credit_type_name`. */
    name: text("name").notNull(),
    paymentType: text("payment_type", { enum: ["free", "paid"] })
      .notNull()
      .default("free"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("credit_types_code_key").on(t.code)],
);

/** A company's balance of one credit type. */
export const companyCredits = pgTable(
  "company_credits",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    creditTypeId: integer("credit_type_id")
      .notNull()
      .references(() => creditTypes.id, { onDelete: "cascade" }),
    /** Credits ever received. */
    creditsCount: integer("credits_count").notNull().default(0),
    creditsLeft: integer("credits_left").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.creditTypeId] })],
);

/** What the bell lists: one row per recipient; unseen until `seen_at` is set. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_id_id_idx").on(t.userId, t.id),
    index("notifications_unseen_idx")
      .on(t.userId)
      .where(sql`${t.seenAt} is null`),
  ],
);

/**
 * Installation-wide notices administrators publish to every signed-in user. `message` is
 * HTML already sanitised when stored; a notice shows from `enabled_at` on.
 */
export const notices = pgTable(
  "notices",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: NOTICE_TYPES }).notNull(),
    message: text("message").notNull(),
    enabledAt: timestamp("enabled_at", { withTimezone: true }).notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notices_enabled_at_idx").on(t.enabledAt)],
);

/** A user's remote preferences: small JSON values under keys the console chooses. */
export const userStorage = pgTable(
  "user_storage",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Recovery codes of a TOTP enrolment, stored hashed; each works once. */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("mfa_recovery_codes_user_id_idx").on(t.userId)],
);

/**
 * A second-factor challenge issued for one route ("METHOD /url-pattern"). An e-mailed
 * code is stored hashed; a TOTP challenge has no code of its own.
 */
export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["email", "totp"] }).notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("mfa_challenges_user_id_created_at_idx").on(t.userId, t.createdAt)],
);

/**
 * Counters of failed attempts (sign-ins, password checks, second-factor codes) by key,
 * e.g. an e-mail and source address. A counter is forgotten a day after its last attempt.
 */
export const authAttempts = pgTable("auth_attempts", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  lastAt: timestamp("last_at", { withTimezone: true }).notNull(),
});
