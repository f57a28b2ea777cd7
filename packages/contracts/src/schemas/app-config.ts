import { z } from "zod";
import { themeSchema } from "./theme";

/**
 * What the console needs before anyone signs in (`GET /api/app-config`): the theme, and
 * where to report errors when the operator configured a reporter (off otherwise: no call
 * leaves the machine).
 */
export const errorReportingConfigSchema = z.object({ url: z.string() });
export type ErrorReportingConfig = z.infer<typeof errorReportingConfigSchema>;

export const appConfigSchema = z.object({
  theme: themeSchema,
  error_reporting: errorReportingConfigSchema.nullable(),
  /** A tile URL template for device maps; null draws maps without tiles. */
  map_tile_url: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
