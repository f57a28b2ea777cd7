import { z } from "zod";
import { listEnvelope } from "../envelope";
import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from "../permissions";
import { FIXED_ROLES } from "../roles";
import { hasForbiddenCharacters } from "../names";
import { companyIdSchema, VALIDATION_MESSAGES } from "../validation";
import { boundedId, idParamSchema, textSchema } from "./common";
import { searchableListQuerySchema } from "./search";

/**
 * Roles and permissions, in RMS API v3's shapes (`/roles`, `/roles/{id}`,
 * `/roles/{id}/permissions`, `/roles/permissions`). A role's permissions travel as names
 * (`view_devices`), the names `/api/user` answers, never as numeric ids.
 */

/** A row of `GET /api/roles` and the answer of `GET /api/roles/{id}` (F§3 Role). */
export const roleSchema = z.object({
  id: z.number().int(),
  /** The role's key, e.g. `admin`; lists cut it to `ROLE_NAME_DISPLAY_LENGTH` characters. */
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** Null for the fixed roles every company shares. */
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  permissions_count: z.number().int(),
  /** Names of the fixed roles a holder of this role may invite (see `mayGrantRole`). */
  canInviteRoles: z.array(z.string()),
  /** True for the fixed roles, which cannot be edited or deleted. */
  isDefault: z.boolean(),
  /** How many users hold the role: a role is deleted only when none does. */
  users_count: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

/** `GET /api/roles/{id}` adds the permission names the role grants, sorted. */
export const roleDetailSchema = roleSchema.extend({ permissions: z.array(z.string()) });
export type RoleDetail = z.infer<typeof roleDetailSchema>;

export const roleListEnvelopeSchema = listEnvelope(roleSchema);

/** Lists show role names cut to this many characters (FM-ENTITY-039). */
export const ROLE_NAME_DISPLAY_LENGTH = 45;

/** A role name as lists show it: at most `ROLE_NAME_DISPLAY_LENGTH` characters. */
export function displayRoleName(name: string): string {
  return name.length > ROLE_NAME_DISPLAY_LENGTH
    ? `${name.slice(0, ROLE_NAME_DISPLAY_LENGTH - 1)}…`
    : name;
}

/** Query of `GET /api/roles` (FM-CALL-020: `limit` 100, `company_id`, `type`, `sort`). */
export const roleListQuerySchema = searchableListQuerySchema.extend({
  company_id: idParamSchema
    .optional()
    .describe(
      "Only the roles usable in this company of your tree: the fixed roles and the custom roles of the company and of its parents inside your tree.",
    ),
  type: z
    .enum(["default", "custom"])
    .optional()
    .describe("default: the fixed roles only; custom: the companies' own roles only."),
  grantable: z
    .enum(["true", "false", "1", "0"])
    .transform((v) => v === "true" || v === "1")
    .optional()
    .describe("true: only the roles you may give to a user or invite one with."),
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

export const ROLE_NAME_MAX_LENGTH = 100;
export const ROLE_TITLE_MAX_LENGTH = 100;
export const ROLE_DESCRIPTION_MAX_LENGTH = 255;

export const ROLE_MESSAGES = {
  nameRequired: VALIDATION_MESSAGES.nameRequired,
  nameTooLong: `Name can be at most ${ROLE_NAME_MAX_LENGTH} characters`,
  nameForbidden: VALIDATION_MESSAGES.forbiddenCharacters,
  nameFixed: "This name belongs to a fixed role; choose another",
  titleRequired: "Title is required",
  titleTooLong: `Title can be at most ${ROLE_TITLE_MAX_LENGTH} characters`,
  descriptionTooLong: `Description can be at most ${ROLE_DESCRIPTION_MAX_LENGTH} characters`,
  permissionsRequired: "Choose at least one permission",
  unknownPermission: "Unknown permission",
  duplicateName: "A role with this name already exists in this company.",
  fixedRole: "Fixed roles cannot be changed or deleted.",
  otherCompany: "A role cannot be moved to another company.",
  inUse: (users: number) =>
    `This role is held by ${users} ${users === 1 ? "user" : "users"}. Give ${users === 1 ? "that user" : "them"} another role first.`,
  notHeld: (permissions: readonly string[]) =>
    `You cannot grant permissions you do not hold: ${permissions.join(", ")}`,
  systemPermission: (permissions: readonly string[]) =>
    `Only the fixed System Administrator role holds installation permissions: ${permissions.join(", ")}`,
} as const;

const FIXED_ROLE_NAMES = new Set<string>(Object.keys(FIXED_ROLES));

const roleNameSchema = textSchema({
  error: ROLE_MESSAGES.nameRequired,
  trim: true,
  max: ROLE_NAME_MAX_LENGTH,
  tooLong: ROLE_MESSAGES.nameTooLong,
})
  .min(1, { error: ROLE_MESSAGES.nameRequired, abort: true })
  .refine((name) => !hasForbiddenCharacters(name), ROLE_MESSAGES.nameForbidden)
  // A custom role named like a fixed one would invite as that one (`inviteListFor`).
  .refine((name) => !FIXED_ROLE_NAMES.has(name.toLowerCase()), ROLE_MESSAGES.nameFixed);

const roleTitleSchema = textSchema({
  error: ROLE_MESSAGES.titleRequired,
  trim: true,
  max: ROLE_TITLE_MAX_LENGTH,
  tooLong: ROLE_MESSAGES.titleTooLong,
}).min(1, ROLE_MESSAGES.titleRequired);

const roleDescriptionSchema = textSchema({
  trim: true,
  max: ROLE_DESCRIPTION_MAX_LENGTH,
  tooLong: ROLE_MESSAGES.descriptionTooLong,
});

/** Permission names, each one the catalogue knows, listed once. */
const rolePermissionsSchema = z
  .array(
    textSchema({ max: 100 }).refine(
      (name) => Object.hasOwn(PERMISSIONS, name),
      ROLE_MESSAGES.unknownPermission,
    ),
    { error: ROLE_MESSAGES.permissionsRequired },
  )
  .min(1, ROLE_MESSAGES.permissionsRequired)
  .max(ALL_PERMISSIONS.length * 2)
  .transform((names) => [...new Set(names)] as Permission[]);

/**
 * Body of `POST /api/roles`: a custom role of a company of the caller's tree, granting a
 * subset of the caller's own permissions (a permission beyond them answers 422 naming it).
 */
export const roleCreateBodySchema = z.object({
  name: roleNameSchema,
  title: roleTitleSchema,
  description: roleDescriptionSchema.optional(),
  company_id: companyIdSchema,
  permissions: rolePermissionsSchema,
});
export type RoleCreateBody = z.infer<typeof roleCreateBodySchema>;

/**
 * Body of `PUT /api/roles/{id}`: only the fields sent change; `permissions` replaces the
 * whole set. `company_id` may be sent back as it is, but a role never changes company.
 */
export const roleUpdateBodySchema = z.object({
  name: roleNameSchema.optional(),
  title: roleTitleSchema.optional(),
  description: roleDescriptionSchema.optional(),
  company_id: companyIdSchema.optional(),
  permissions: rolePermissionsSchema.optional(),
});
export type RoleUpdateBody = z.infer<typeof roleUpdateBodySchema>;

/** Body of `PUT /api/roles/permissions`: the same permission set for several custom roles. */
export const rolesPermissionsUpdateBodySchema = z.object({
  role_id: z
    .array(boundedId(), { error: "Choose at least one role" })
    .min(1, "Choose at least one role")
    .max(100),
  permissions: rolePermissionsSchema,
});
export type RolesPermissionsUpdateBody = z.infer<typeof rolesPermissionsUpdateBodySchema>;

/** Query of `GET /api/roles/{id}/permissions`: `q` matches a name or title. */
export const rolePermissionsQuerySchema = z.object({
  q: textSchema({ max: 200, trim: true }).optional(),
});

/** The permission groups of the role permissions table, in its order, with their titles. */
export const PERMISSION_CATEGORIES = {
  devices: "Devices",
  tasks: "Task manager",
  alerts: "Alerts",
  monitoring: "Monitoring",
  reports: "Reports",
  remote: "Remote access",
  vpn: "VPN",
  companies: "Companies",
  users: "Users and roles",
  tags: "Tags",
  files: "Files",
  credits: "Credits",
  system: "Installation",
} as const satisfies Record<(typeof PERMISSIONS)[Permission]["group"], string>;
export type PermissionCategory = keyof typeof PERMISSION_CATEGORIES;

/** "view_device_hotspots" → "View device hotspots". */
export function permissionTitle(name: string): string {
  const words = name.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One permission of the catalogue (`GET /api/roles/permissions`) or of a role
 * (`GET /api/roles/{id}/permissions`), in RMS's `permission_body` fields.
 */
export const permissionSchema = z.object({
  name: z.string(),
  /** English; the console translates by `name`. */
  title: z.string(),
  /** A key of `PERMISSION_CATEGORIES`. */
  category: z.string(),
  /** view, manage or system: system permissions stay with the fixed System Administrator role. */
  kind: z.enum(["view", "manage", "system"]),
});
export type PermissionItem = z.infer<typeof permissionSchema>;

/** Every permission, grouped in `PERMISSION_CATEGORIES` order. */
export function permissionCatalogue(): PermissionItem[] {
  const order = Object.keys(PERMISSION_CATEGORIES);
  return ALL_PERMISSIONS.map((name) => ({
    name,
    title: permissionTitle(name),
    category: PERMISSIONS[name].group,
    kind: PERMISSIONS[name].kind,
  })).sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category));
}
