import { RoutePage } from "../../../components/layout/route-page";
import { UsersList } from "../../../features/users/components/users-list";

export function Component() {
  return (
    <RoutePage>
      <UsersList />
    </RoutePage>
  );
}
