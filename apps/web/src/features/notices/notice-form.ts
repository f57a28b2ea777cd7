import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { z } from "zod";
import {
  type ManagedNotice,
  NOTICE_TYPES,
  type NoticeInput,
  noticeInputSchema,
} from "@netfleet/contracts/schemas/notices";
import { i18n } from "../../lib/i18n";
import { formatInTimezone, selectedTimezone } from "../../lib/timezone";

dayjs.extend(utc);
dayjs.extend(timezone);

/** What a native `datetime-local` input holds: a wall-clock time without a zone. */
const LOCAL_FORMAT = "YYYY-MM-DDTHH:mm";
const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

export const MESSAGE_MAX_LENGTH = noticeInputSchema.shape.message.maxLength ?? 5000;

/**
 * The notice form: the API's fields, but "Show from" as the wall-clock time the user
 * typed in their system timezone. The messages are looked up when shown, in the current
 * language.
 */
export const noticeFormSchema = z.object({
  type: z.enum(NOTICE_TYPES),
  message: z
    .string()
    .trim()
    .min(1, { error: () => i18n.t("notices:messageRequired") })
    .max(MESSAGE_MAX_LENGTH, {
      error: () => i18n.t("notices:messageTooLong", { max: MESSAGE_MAX_LENGTH }),
    }),
  enabled_at: z.string().regex(LOCAL_PATTERN, { error: () => i18n.t("notices:showFromRequired") }),
});
export type NoticeFormValues = z.input<typeof noticeFormSchema>;

/** An instant as the `datetime-local` input shows it in `zone`. */
export function toLocalInput(value: Date | string, zone: string = selectedTimezone()): string {
  return formatInTimezone(value, LOCAL_FORMAT, zone);
}

/** The instant a `datetime-local` value names in `zone`, as ISO with an offset. */
export function fromLocalInput(value: string, zone: string = selectedTimezone()): string {
  return dayjs.tz(value, zone).toISOString();
}

/** A new notice shows from now; an edited one keeps its values. */
export function initialNoticeValues(notice: ManagedNotice | null, now = new Date()) {
  return {
    type: notice?.type ?? "info",
    message: notice?.message ?? "",
    enabled_at: toLocalInput(notice?.enabled_at ?? now),
  } satisfies NoticeFormValues;
}

export function toNoticeInput(values: z.output<typeof noticeFormSchema>): NoticeInput {
  return { ...values, enabled_at: fromLocalInput(values.enabled_at) };
}
