import { z } from "zod";

/**
 * The flags a device answer carries besides its stored fields, all computed by
 * `deviceFlags()` (flags.ts). Kept apart from flags.ts so that computing flags does not
 * load zod; responses that include them extend their schema with this one.
 */
export const deviceFlagsSchema = z.object({
  /** The model has a Wi-Fi radio. */
  has_wifi: z.boolean(),
  /** The model has a GNSS receiver. */
  has_gps: z.boolean(),
  /** The device runs RutOS; false for switches and for firmware from before RutOS. */
  has_rutos: z.boolean(),
  /** The model has a mobile modem. */
  has_mobile: z.boolean(),
  /** The model has at least one Ethernet port. */
  has_lan: z.boolean(),
  /** The model can run a hotspot (Wi-Fi or wired captive portal). */
  has_hotspot: z.boolean(),
  /** The model has digital or analog inputs and outputs. */
  has_io: z.boolean(),
  /** The firmware has a dynamic DNS client. */
  has_ddns: z.boolean(),
  /** Mobile data usage is counted. */
  has_data_usage: z.boolean(),
  /** The firmware has L2TP instances to report. */
  has_l2tp: z.boolean(),
  /** The model has a second mobile modem (RUTX12, RUTM52, RUTM56). */
  has_second_modem: z.boolean(),
  /** The device can appear on the network map. */
  has_network_map: z.boolean(),
  /** The device has an embedded SIM. */
  has_esim: z.boolean(),
  /** Ethernet ports, WAN and SFP included. */
  port_count: z.number().int().min(0),
  /** SIM slots. */
  sim_count: z.number().int().min(0),
  /** The first four characters of the model, "RUTX" for RUTX11. */
  device_series: z.string(),
  /** The version part of the firmware, "00.07.06.10"; null when it has none. */
  fw_version: z.string().nullable(),
  /** The firmware has a web filter to alert on. */
  has_webfilter: z.boolean(),
  /** The firmware has VPN instances to alert on. */
  has_vpn: z.boolean(),
  /** Alerts use the rules of firmware below 07.13. */
  has_legacy_alerts: z.boolean(),
  /** VPN uses the configuration of firmware below 07.06. */
  has_legacy_vpn: z.boolean(),
});
export type DeviceFlags = z.infer<typeof deviceFlagsSchema>;
