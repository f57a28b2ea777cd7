import { useParams } from "../../../lib/router";
import { RoutePage } from "../../../components/layout/route-page";
import { ConfirmImpersonationAccess } from "../../../features/impersonation/components/confirm-impersonation-access";

export function Component() {
  const { token = "" } = useParams();
  return (
    <RoutePage>
      <ConfirmImpersonationAccess token={token} />
    </RoutePage>
  );
}
