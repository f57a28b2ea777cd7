import { z } from "zod";
import { idParamSchema } from "./common";
import { searchableListQuerySchema } from "./search";

/** A VPN hub: a server devices and users join (fields as in RMS API v3's `/vpn/hubs`). */
export const vpnHubListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  port: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  created_at: z.string(),
});
export type VpnHubListItem = z.infer<typeof vpnHubListItemSchema>;

/** Query of `GET /api/vpn/hubs`. */
export const vpnHubListQuerySchema = searchableListQuerySchema.extend({
  company_id: idParamSchema
    .optional()
    .describe("Only hubs of this company, which must be in your company tree."),
  enabled: z
    .enum(["0", "1", "true", "false"])
    .transform((v) => v === "1" || v === "true")
    .optional()
    .describe("Only enabled (1) or disabled (0) hubs."),
});
export type VpnHubListQuery = z.infer<typeof vpnHubListQuerySchema>;
