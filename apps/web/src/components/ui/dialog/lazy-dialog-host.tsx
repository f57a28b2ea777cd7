import { Suspense, lazy } from "react";
import { withAllMessages } from "../../../lib/i18n";
import { useLocation } from "../../../lib/router";
import { SESSIONLESS_PAGES } from "../../../lib/account-paths";
import { useDialogs } from "./dialog-store";
import { useReminders } from "./reminders";

// Dialogs speak any namespace: the host waits for all of the language's messages.
const DialogHost = lazy(
  withAllMessages(async () => ({ default: (await import("./dialog-host")).DialogHost })),
);

/**
 * The dialog host of every page, the account pages included (the sign-in's code dialog). Its
 * code loads with the first dialog opened, so pages that never open one do not pay for it.
 * The "Do not show this again" choices are read at once: `openDialog` needs them before any
 * dialog opens.
 */
export function LazyDialogHost() {
  const open = useDialogs().length > 0;
  const { pathname } = useLocation();
  // The account pages have no session to read preferences with.
  useReminders(!SESSIONLESS_PAGES.includes(pathname));
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  );
}
