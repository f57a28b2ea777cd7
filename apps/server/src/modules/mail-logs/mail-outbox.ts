import type { Db } from "../../db/client";
import type { MailOutbox } from "../../plugins/mailer";
import { mailLogsRepo } from "./mail-logs.repo";

/** The mailer's outbox is the mail log: every message sent or kept is listed there. */
export function mailLogsOutbox(db: Db): MailOutbox {
  return {
    add: (tx, entry) => mailLogsRepo(tx).add(entry),
    markSent: (id) => mailLogsRepo(db).markSent(id),
    markFailed: (id, error) => mailLogsRepo(db).markFailed(id, error),
  };
}
