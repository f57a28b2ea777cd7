/**
 * Business constants of the product, as both specification documents state them in §9.
 * Values that are user-visible or shared by server and web live here once.
 */

/** Version shown in the changelog and sent in the version header. */
export const APP_VERSION = "5.15.0";
/** Build timestamp (seconds) the update prompt compares against. */
export const BUILD_TIMESTAMP = 1761733475;

/** Page the user lands on after sign-in and the logo's target. */
export const DEFAULT_LANDING_PAGE = "/management/devices";

export const TIMEOUTS = {
  /** GET /user and the token refresh time out after 30 s; other requests never do. */
  userRequestMs: 30_000,
  refreshRequestMs: 30_000,
  defaultRequestMs: 0,
} as const;

/** Consecutive user-request or revoke failures before the maintenance screen (D26). */
export const MAINTENANCE_FAILURE_THRESHOLD = 3;

export const SEARCH = {
  limitPerCategory: 10,
  /** Counts above this show as "10+". */
  countCap: 10,
  debounceMs: 500,
  shortcutKey: "/",
} as const;

export const LAYOUT = {
  scrollTopThresholdPx: 300,
  helpPanelDelayMs: 700,
  updatePromptDelayMs: 1000,
  languageReloadDelayMs: 1000,
  timezoneReloadDelayMs: 300,
  logoFadeOutS: 0.1,
  logoFadeInS: 0.2,
  avatarSize: 26,
} as const;

export const TOASTS = {
  mainAppPosition: "top",
  libraryDefaultPosition: "bottom-right",
  maxVisible: 7,
  durationMs: 4000,
  pauseOnHover: true,
  dismissible: true,
  closeAnimationMs: 150,
  positions: ["top-right", "top", "top-left", "bottom-right", "bottom", "bottom-left"],
} as const;

/** Realtime client settings (decision D5). */
export const REALTIME = {
  reconnectionAttempts: 5,
  transports: ["websocket"],
  reconnectionDelayMs: 1000,
  reconnectionDelayMaxMs: 5000,
  connectTimeoutMs: 20_000,
} as const;

export const HTTP_CACHE = {
  default: { ttlMs: 5 * 60_000, maxEntries: 100 },
  /** Company and credit summary answers change often: 10 s, 10 entries. */
  companyAndCredits: { ttlMs: 10_000, maxEntries: 10 },
} as const;

/** Keys the shell keeps in local storage (decision D24 names the unnamed ones). */
export const STORAGE_KEYS = {
  searchCategories: "searchCategories",
  wideNav: "wideNav",
  tosAccepted: "tos_accepted_20230118",
  currentVersionTimestamp: "current_version_timestamp",
  noticesDismissedAt: "noticesDismissedAt",
} as const;

/** Cookies and headers the console and the API agree on (decision D24). */
export const WIRE = {
  xsrfCookie: "XSRF-TOKEN",
  /** Readable cookie present while a browser session exists; it carries no secret. */
  signedInCookie: "nf_signed_in",
  xsrfHeader: "X-XSRF-TOKEN",
  xhrHeader: "X-Requested-With",
  xhrHeaderValue: "XMLHttpRequest",
  versionHeader: "X-App-Version",
  darkModeCookie: "darkMode",
  timezoneCookie: "setTimeZone",
} as const;

export const MAPS = {
  libraries: ["places", "geometry", "geocoding"],
  language: "en",
  cluster: {
    gridSize: 60,
    minimumClusterSize: 2,
    iconSizes: [53, 56, 66, 78, 90],
    batchSize: 2000,
    batchSizeOldIe: 500,
    radiusKm: 40_000,
    textSize: 11,
    zoomOnClickDelayMs: 100,
  },
} as const;

export const FORMS = {
  /** Selectors and the storage list fetch 100 rows at a time. */
  selectorPageSize: 100,
  maxMinimizedDialogs: 5,
  /** 80 MB (decision D16 on the boundary). */
  maxFileSizeBytes: 83_886_080,
  generatedPasswordLength: 16,
  listAddKeys: ["Enter", ","],
} as const;

export const MONITORING = {
  activeParametersLimit: 200,
  refreshChoices: ["10s", "30s", "1m", "5m", "15m", "30m", "1h", "2h", "24h"],
  defaultPeriodS: 300,
  staticPeriodS: 1_296_000,
  minPeriodS: 60,
  maxPeriodS: 31_536_000,
  /** Data sizes (bytes) down/up per monitoring type. */
  dataSizes: {
    dynamic: { down: 430, up: 1024 },
    static: { down: 430, up: 705 },
    hotspot: { down: 540, up: 634 },
    io: { down: 430, up: 586 },
    gps: { down: 430, up: 705 },
    wireless: { down: 540, up: 634 },
    ddns: { down: 253, up: 437 },
    l2tp: { down: 253, up: 437 },
  },
} as const;

export const FORMAT = {
  byteBase: 1024,
  byteUnits: ["B", "KB", "MB", "GB", "TB"],
  byteDecimals: 2,
  coordinateDecimals: 6,
  dateFormat: "YYYY-MM-DD HH:mm:ss",
  shortTooltipMaxChars: 50,
  chartPaletteSize: 11,
  units: { signal: "dBm", temperature: "°C", analog: "V", currentLoop: "mA" },
} as const;

export const CREDITS = {
  /** One credit buys 2 GB of company data. */
  gbPerCredit: 2,
  paidCreditTypes: [2, 4, 6, 8, 10, 12, 14],
} as const;

export const FIRMWARE_BRAND_ID = { min: 1, max: 999 } as const;

export const REMOTE_ACCESS_PROTOCOLS = [
  "http",
  "https",
  "telnet",
  "vpn",
  "ssh",
  "rdp",
  "vnc",
  "sftp",
] as const;

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "no", name: "Norwegian" },
  { code: "ja", name: "Japanese" },
  { code: "uk", name: "Ukrainian" },
] as const;

export const DARK_MODE_VALUES = ["auto", "on", "off"] as const;

/** Error reporting, when an operator configures a reporter. */
export const ERROR_REPORTING = {
  eventSampleRate: 0.25,
  traceSampleRate: 0,
} as const;

/** Characters that names and file names may not contain (decision D25). */
export const FORBIDDEN_NAME_CHARACTERS = [..."~!#$&*()[]{}<>?'|;`/:\"\\"] as const;
