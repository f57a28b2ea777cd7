/** The units a relative time is told in, largest first, each with its length in seconds. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 60 * 60],
  ["month", 30 * 24 * 60 * 60],
  ["day", 24 * 60 * 60],
  ["hour", 60 * 60],
  ["minute", 60],
];

/** One formatter per language: building one costs far more than using it. */
const formatters = new Map<string, Intl.RelativeTimeFormat>();

function formatterFor(language: string): Intl.RelativeTimeFormat {
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
    formatters.set(language, formatter);
  }
  return formatter;
}

/**
 * How long ago `value` was, in the user's language and in its largest whole unit: "5 minutes
 * ago", "yesterday", under a minute "now". Unreadable dates give "—". The time zone does not
 * change a duration, so none is needed here.
 */
export function timeAgo(value: string, language: string, now: number = Date.now()): string {
  const then = Date.parse(value);
  if (Number.isNaN(then)) return "—";
  // A clock a little ahead of the server's must not speak of the future.
  const seconds = Math.max(0, (now - then) / 1000);
  const format = formatterFor(language);
  for (const [unit, length] of UNITS) {
    if (seconds >= length) return format.format(-Math.floor(seconds / length), unit);
  }
  return format.format(0, "second");
}
