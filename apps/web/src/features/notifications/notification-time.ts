import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";
import "dayjs/locale/ja";
import "dayjs/locale/nb";
import "dayjs/locale/uk";

dayjs.extend(relativeTime);

/** dayjs calls Norwegian Bokmål `nb`; the console calls it `no`. */
const DAYJS_LOCALES: Readonly<Record<string, string>> = { en: "en", no: "nb", ja: "ja", uk: "uk" };

/**
 * How long ago `value` was, in the user's language: "5 minutes ago". Unreadable dates
 * give "—". The time zone does not change a duration, so none is needed here.
 */
export function timeAgo(value: string, language: string, now: number = Date.now()): string {
  const date = dayjs(value);
  if (!date.isValid()) return "—";
  // A clock a little ahead of the server's must not say "in a few seconds".
  const then = date.valueOf() > now ? dayjs(now) : date;
  return then.locale(DAYJS_LOCALES[language] ?? "en").from(now);
}
