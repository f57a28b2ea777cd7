import type { Theme } from "./schemas/theme";

/** The unbranded product. A configured theme is merged over this. */
export const DEFAULT_THEME: Theme = {
  default: true,
  main_color: "#4c6ef5",
  company_name: "Netfleet",
  app_name: "Netfleet",
  full_app_name: "Netfleet Remote Management",
  logo_subtext: null,
  buy_link: null,
  buy_notice: null,
  title_text: null,
  disabled_routes: [],
  branded_devices: [],
  branded_device_series: [],
  favicon: null,
  logo_vector: null,
  dark_mode_text_color: null,
  showData: true,
  allow_languages: true,
  help_url: null,
};
