import { RoutePage } from "../../../components/layout/route-page";
import { NewRoleButton } from "../../../features/roles/components/role-actions";
import { RolesList } from "../../../features/roles/components/roles-list";

export function Component() {
  return (
    <RoutePage actions={<NewRoleButton />}>
      <RolesList />
    </RoutePage>
  );
}
