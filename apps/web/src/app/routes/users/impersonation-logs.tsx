import { hasPermission } from "@netfleet/contracts/permissions";
import { RoutePage } from "../../../components/layout/route-page";
import { ImpersonationLogs } from "../../../features/impersonation/components/impersonation-logs";
import { StartImpersonationButton } from "../../../features/impersonation/components/start-impersonation-dialog";
import { useSignedInUser } from "../../../lib/viewer";

export function Component() {
  const user = useSignedInUser();
  const canStart = user !== undefined && hasPermission(user.permissions, "impersonate_users");
  return (
    <RoutePage actions={canStart ? <StartImpersonationButton /> : undefined}>
      <ImpersonationLogs />
    </RoutePage>
  );
}
