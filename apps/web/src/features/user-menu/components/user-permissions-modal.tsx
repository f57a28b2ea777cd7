import { OnceOpened, lazyPart } from "../../../lib/lazy-part";
import type { UserPermissionsModalProps } from "./user-permissions-content";

const Content = lazyPart(() =>
  import("./user-permissions-content").then((m) => m.UserPermissionsContent),
);

/** "User permissions": what the signed-in user's role allows, by area, in plain words. */
export function UserPermissionsModal(props: UserPermissionsModalProps) {
  return (
    <OnceOpened opened={props.opened}>
      <Content {...props} />
    </OnceOpened>
  );
}
