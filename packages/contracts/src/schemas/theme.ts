import { z } from "zod";

/**
 * Branding of an installation (shell §3 Theme). The unbranded state is the default theme
 * (`default: true`); an operator brands the console by configuring the server, and every
 * browser reads the result from `GET /api/app-config` before anyone signs in.
 */
export const themeSchema = z.object({
  /** True for the unbranded product; false once an operator has branded it. */
  default: z.boolean(),
  /** Primary colour as a CSS hex value, e.g. `#4c6ef5`. */
  main_color: z.string(),
  company_name: z.string(),
  /** Short application name shown in the header and the tab title. */
  app_name: z.string(),
  full_app_name: z.string(),
  logo_subtext: z.string().nullable(),
  /** Where "Get more resources" leads; null hides the link. */
  buy_link: z.string().nullable(),
  buy_notice: z.string().nullable(),
  title_text: z.string().nullable(),
  /** Route names hidden from navigation and refused by the route guard. */
  disabled_routes: z.array(z.string()),
  branded_devices: z.array(z.string()),
  branded_device_series: z.array(z.string()),
  /** URL of the narrow-navigation mark; null uses the product's own. */
  favicon: z.string().nullable(),
  /** URL of the wide-navigation logo; null uses the product's own. */
  logo_vector: z.string().nullable(),
  dark_mode_text_color: z.string().nullable(),
  /** Whether company data and credit figures are shown (the resource summary). */
  showData: z.boolean(),
  /** Whether users may pick the console's language. */
  allow_languages: z.boolean(),
  /** Base URL of the help pages; null hides help links. Nothing is hard-wired to the internet. */
  help_url: z.string().nullable(),
});
export type Theme = z.infer<typeof themeSchema>;

export { DEFAULT_THEME } from "../theme";
