import { RoutePage } from "../../../components/layout/route-page";
import { AdminToolsMenu } from "../../../features/users/components/admin-tools";
import { UsersList } from "../../../features/users/components/users-list";

export function Component() {
  return (
    <RoutePage actions={<AdminToolsMenu />}>
      <UsersList />
    </RoutePage>
  );
}
