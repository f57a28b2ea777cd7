import { z } from "zod";
import { textSchema } from "./common";
import { searchableListQuerySchema } from "./search";

/**
 * A remote access configuration of a device: a protocol and a destination on the device's
 * network the console can open (fields as in RMS API v3's `/devices/remote-access`).
 */
export const remoteAccessListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "http", "https", "ssh", "telnet", "rdp", "vnc"…; null when not set (shown as n/a). */
  protocol: z.string().nullable(),
  device_id: z.number().int(),
  device_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  destination_ip: z.string(),
  destination_port: z.number().int(),
  credentials_required: z.boolean(),
  created_at: z.string(),
});
export type RemoteAccessListItem = z.infer<typeof remoteAccessListItemSchema>;

/** Query of `GET /api/devices/remote-access`. */
export const remoteAccessListQuerySchema = searchableListQuerySchema.extend({
  device_id: textSchema({ max: 2000 })
    .optional()
    .describe("Only configurations of these devices (comma-separated ids)."),
});
export type RemoteAccessListQuery = z.infer<typeof remoteAccessListQuerySchema>;
