import { i18n } from "../../../lib/i18n";
import { lazyPart } from "../../../lib/lazy-part";
import type { ActionStatusProps } from "./action-status-body";
import { openDialog } from "./dialog-store";

export type { ActionStatusProps } from "./action-status-body";

// Lists open it from their bulk bars: its code loads with the first action that reports.
const ActionStatusBody = lazyPart(() =>
  import("./action-status-body").then((m) => m.ActionStatusBody),
);

export interface ActionStatusOptions extends ActionStatusProps {
  /** Runs when the dialog goes away, however it was closed. */
  onClose?: () => void;
}

/** The id of the status dialog of `channel`: each running action has its own. */
export function actionStatusDialogId(channel: string): string {
  return `action-status:${channel}`;
}

/** Opens the live "Action status" dialog of a response's action channel (FM-SUBMIT-013). */
export function openActionStatusDialog({ onClose, ...props }: ActionStatusOptions): void {
  openDialog<ActionStatusProps>({
    id: actionStatusDialogId(props.channel),
    title: i18n.t("dialogs:actionStatusTitle"),
    component: ActionStatusBody,
    props,
    onClose,
  });
}
