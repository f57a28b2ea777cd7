import { z } from "zod";
import { hasForbiddenCharacters } from "../names";
import { companyIdSchema, VALIDATION_MESSAGES } from "../validation";
import { idParamSchema, textSchema } from "./common";
import { searchableListQuerySchema } from "./search";

/** What a tag does to devices it is put on (firmware or configuration upload, say). */
export const tagActionSchema = z.object({
  tag_id: z.number().int(),
  action: z.string(),
  source_id: z.number().int().nullable(),
  source_name: z.string().nullable(),
  created_at: z.string(),
});

/** A row of `GET /api/tags` (fields as in RMS API v3's tag list). */
export const tagListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Absent when the tag has none (RMS's description is never null). */
  description: z.string().optional(),
  /** "#rrggbb"; absent for the default colour. */
  color: z.string().optional(),
  company_id: z.number().int(),
  company_name: z.string(),
  devices_count: z.number().int(),
  actions: z.array(tagActionSchema),
  /** `Y-m-d H:i:s` in UTC, as RMS has it (`dates.ts`). */
  created_at: z.string(),
});
export type TagListItem = z.infer<typeof tagListItemSchema>;

/** Query of `GET /api/tags`: the searchable list parameters plus RMS's filters. */
export const tagListQuerySchema = searchableListQuerySchema.extend({
  id: textSchema({ max: 2000 }).optional().describe("Only these tags (comma-separated ids)."),
  company_id: idParamSchema
    .optional()
    .describe("Only tags of this company, which must be in your company tree."),
});
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

export const TAG_NAME_MAX_LENGTH = 50;
export const TAG_DESCRIPTION_MAX_LENGTH = 255;

export const TAG_MESSAGES = {
  nameRequired: VALIDATION_MESSAGES.nameRequired,
  nameTooLong: `Name can be at most ${TAG_NAME_MAX_LENGTH} characters`,
  nameForbidden: VALIDATION_MESSAGES.forbiddenCharacters,
  descriptionTooLong: `Description can be at most ${TAG_DESCRIPTION_MAX_LENGTH} characters`,
  color: "Colour must be a hex colour such as #4287f5",
  duplicateName: "A tag with this name already exists in this company.",
  otherCompany: "A tag cannot be moved to another company.",
} as const;

const tagNameSchema = textSchema({
  error: TAG_MESSAGES.nameRequired,
  trim: true,
  max: TAG_NAME_MAX_LENGTH,
  tooLong: TAG_MESSAGES.nameTooLong,
})
  .min(1, TAG_MESSAGES.nameRequired)
  .refine((name) => !hasForbiddenCharacters(name), TAG_MESSAGES.nameForbidden);

const tagDescriptionSchema = textSchema({
  trim: true,
  max: TAG_DESCRIPTION_MAX_LENGTH,
  tooLong: TAG_MESSAGES.descriptionTooLong,
});

/** "#rrggbb", stored in lower case so one colour is written one way. */
const tagColorSchema = textSchema({ max: 7 })
  .regex(/^#[0-9a-f]{6}$/iu, TAG_MESSAGES.color)
  .toLowerCase();

/**
 * Body of `POST /api/tags`, and the new-tag form's rules (FM-VALID-024): company and name
 * are required, description and colour optional (a null colour is the default one).
 */
export const tagCreateBodySchema = z.object({
  company_id: companyIdSchema,
  name: tagNameSchema,
  description: tagDescriptionSchema.optional(),
  color: tagColorSchema.nullable().optional(),
});
export type TagCreateBody = z.infer<typeof tagCreateBodySchema>;

/**
 * Body of `PUT /api/tags/{id}`: only the fields sent change; a null description or colour
 * clears it. `company_id` may be sent back as it is, but a tag never changes company.
 */
export const tagUpdateBodySchema = z.object({
  company_id: companyIdSchema.optional(),
  name: tagNameSchema.optional(),
  description: tagDescriptionSchema.nullable().optional(),
  color: tagColorSchema.nullable().optional(),
});
export type TagUpdateBody = z.infer<typeof tagUpdateBodySchema>;
