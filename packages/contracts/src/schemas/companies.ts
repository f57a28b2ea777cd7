import { z } from "zod";
import { companyIdSchema, companyNameSchema, emailSchema } from "../validation";
import { textSchema } from "./common";
import { searchableListQuerySchema } from "./search";

/** A company of this level has no subsidiaries: levels 1 and 2 may be parents (FM-ENTITY-024). */
export const COMPANY_MAX_LEVEL = 3;

/** Whether a company of `level` may have subsidiaries. */
export function canBeParent(level: number): boolean {
  return level < COMPANY_MAX_LEVEL;
}

/** The longest company name, as RMS API v3 bounds it. */
export const COMPANY_NAME_MAX_LENGTH = 200;

/** What the company routes answer besides field validation, in English (the console translates). */
export const COMPANY_MESSAGES = {
  nameTooLong: `Company name can be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
  notFound: "No such company.",
  parentTooDeep: `A company of level ${COMPANY_MAX_LEVEL} cannot have subsidiaries.`,
  moveTooDeep: `The company and its subsidiaries would go deeper than level ${COMPANY_MAX_LEVEL}.`,
  moveIntoItself: "A company cannot be moved under itself or one of its subsidiaries.",
  moveSameParent: "The company is already a subsidiary of this company.",
  moveOwnCompany: "Your own company cannot be moved.",
  deleteOwnCompany: "Your own company cannot be deleted.",
  deleteStillReferenced: "Something still belongs to this company. Move or delete it first.",
  paymentControl: "Only users of a top-level company may set payment controls.",
  created: "Company created successfully",
  updated: "Company updated successfully",
  moved: "Company moved successfully",
  deleted: "Company deleted successfully",
} as const;

/** What still belongs to a company, as `DELETE /api/companies/{id}` counts it in `meta`. */
export interface CompanyContents {
  devices_count: number;
  users_count: number;
  subsidiaries_count: number;
}

/** Why a company cannot be deleted: "This company still has 2 devices and 1 user. …". */
export function companyNotEmptyMessage(contents: CompanyContents): string {
  const parts = (
    [
      [contents.devices_count, "device", "devices"],
      [contents.users_count, "user", "users"],
      [contents.subsidiaries_count, "subsidiary", "subsidiaries"],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  const list =
    parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts.join("");
  return `This company still has ${list}. Move or delete them first.`;
}

/** A company name of a write: required, at least 3 characters, at most 200. */
export const companyNameFieldSchema = companyNameSchema.max(
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_MESSAGES.nameTooLong,
);

/** A row of `GET /api/companies` (fields as in RMS API v3's company list). */
export const companyListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 for a top-level company. */
  parent_id: z.number().int(),
  /** Absent for a top-level company (RMS's parent_name is never null). */
  parent_name: z.string().optional(),
  level: z.number().int(),
  devices_count: z.number().int(),
  users_count: z.number().int(),
  /** Direct subsidiaries: a company with any cannot be deleted, the tree can expand it. */
  subsidiaries_count: z.number().int(),
  /** Credits the company holds, all credit types together. */
  credits_left: z.number().int(),
  /** Company data left to spend, in bytes. */
  remaining_data: z.number().int(),
  /** `Y-m-d H:i:s` in UTC, as RMS has it (`dates.ts`). */
  created_at: z.string(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

/**
 * One company: `GET /api/companies/{id}` and the answer of every company write. The list
 * row plus what the company page and its forms show.
 */
export const companySchema = companyListItemSchema.extend({
  /** Credit types of which the company still holds credits. */
  packs_left: z.number().int(),
  /** `paid` when the company holds credits of a paid type, else `free`. */
  payment_type: z.enum(["free", "paid"]),
  /** Whether the company's users are shown where to buy resources (D14). */
  show_payment: z.boolean(),
  /** The company's contact address; absent when it has none. */
  email: z.string().optional(),
});
export type Company = z.infer<typeof companySchema>;

/**
 * Query of `GET /api/companies`: the searchable list parameters plus RMS's filters.
 * Id lists are comma-separated, e.g. `7441,5558`. `sort=tree` orders the rows as the
 * tree view shows them: each company followed by its subsidiaries, siblings by name.
 */
export const companyListQuerySchema = searchableListQuerySchema.extend({
  id: textSchema({ max: 2000 }).optional().describe("Only these companies (comma-separated ids)."),
  parent_id: textSchema({ max: 2000 })
    .optional()
    .describe("Only direct subsidiaries of these companies (comma-separated ids); 0: top-level."),
  level: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("Only companies at this depth: 1 top-level, 2 their subsidiaries, and so on."),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

/**
 * Body of `POST /api/companies` (the new-company form): a subsidiary of `parent_id`, a
 * company of level 1 or 2 in the caller's tree. `show_payment` may be sent only by a user
 * of a top-level company (`show_payment_control`, D14); it is false unless sent
 * (FM-ENTITY-051), and without that control the new company takes its parent's.
 */
export const companyCreateBodySchema = z.object({
  name: companyNameFieldSchema,
  parent_id: companyIdSchema,
  show_payment: z.boolean().optional(),
});
export type CompanyCreateBody = z.infer<typeof companyCreateBodySchema>;

/**
 * Body of `PUT /api/companies/{id}`: the name, and the contact e-mail (null clears it, left
 * out keeps it). A body that changes nothing is refused with "Please input different value
 * to save changes" (FM-VALID-003).
 */
export const companyUpdateBodySchema = z.object({
  name: companyNameFieldSchema,
  email: emailSchema.nullable().optional(),
});
export type CompanyUpdateBody = z.infer<typeof companyUpdateBodySchema>;

/** Body of `POST /api/companies/move`: `source` becomes a subsidiary of `target`. */
export const companyMoveBodySchema = z.object({
  source: companyIdSchema.describe("The company to move."),
  target: companyIdSchema.describe("Its new parent."),
});
export type CompanyMoveBody = z.infer<typeof companyMoveBodySchema>;
