import { RoutePage } from "../../../components/layout/route-page";
import { InviteUserButton } from "../../../features/invitations/components/invitation-actions";
import { InvitationsList } from "../../../features/invitations/components/invitations-list";

export function Component() {
  return (
    <RoutePage actions={<InviteUserButton />}>
      <InvitationsList />
    </RoutePage>
  );
}
