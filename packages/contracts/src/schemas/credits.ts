import { z } from "zod";
import { idParamSchema } from "./common";

/**
 * The resource summary: a company's credits by type (`GET /credits/summary`, RMS API v3
 * field names) and its remaining company data (`GET /companies/data`).
 */

export const CREDIT_PAYMENT_TYPES = ["free", "paid"] as const;

export const creditsSummaryQuerySchema = z.object({
  /** A company in the caller's tree; the caller's own company when absent. */
  company_id: idParamSchema.optional(),
});

export const creditLeftSchema = z.object({
  credit_type_id: z.number().int(),
  /** The type's code, e.g. `remote_access`. */
  credit_type: z.string(),
  credits_left: z.number().int(),
  /** The type's title, e.g. "Remote access". */
  credit_type_name: z.string(),
  payment_type: z.enum(CREDIT_PAYMENT_TYPES),
});
export type CreditLeft = z.infer<typeof creditLeftSchema>;

export const creditTotalSchema = z.object({
  credit_type: z.string(),
  /** Credits of this type the company ever received. */
  credits_count: z.number().int(),
});

export const creditsSummarySchema = z.object({
  company_id: z.number().int(),
  credits: z.object({
    left: z.array(creditLeftSchema),
    total: z.array(creditTotalSchema),
  }),
});
export type CreditsSummary = z.infer<typeof creditsSummarySchema>;

export const companyDataQuerySchema = creditsSummaryQuerySchema;

/** A company's remaining data, in bytes as RMS reports `remaining_data`. */
export const companyDataSchema = z.object({
  company_id: z.number().int(),
  remaining_data: z.number().int(),
});
export type CompanyData = z.infer<typeof companyDataSchema>;
