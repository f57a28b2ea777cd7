import { z } from "zod";

/** A row of the device list. The devices module adds the full device entity. */
export const deviceListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  mac: z.string(),
  model: z.string(),
  firmware: z.string().nullable(),
  /** 0 Offline, 1 Online, 2 Pending, anything else Not Activated. */
  status: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** `Y-m-d H:i:s` in UTC, as RMS has it (`dates.ts`). */
  created_at: z.string(),
});
export type DeviceListItem = z.infer<typeof deviceListItemSchema>;
