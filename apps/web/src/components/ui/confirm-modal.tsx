import { OnceOpened, lazyPart } from "../../lib/lazy-part";
import type { ConfirmModalProps } from "./confirm-modal-content";

const Content = lazyPart(() =>
  import("./confirm-modal-content").then((m) => m.ConfirmModalContent),
);

/** Asks before an action that cannot be taken back. Cancel does nothing. */
export function ConfirmModal(props: ConfirmModalProps) {
  return (
    <OnceOpened opened={props.opened}>
      <Content {...props} />
    </OnceOpened>
  );
}
