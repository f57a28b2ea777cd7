import { RoutePage } from "../../components/layout/route-page";
import { NotificationsList } from "../../features/notifications/components/notifications-list";
import { useSignedInUser } from "../../lib/viewer";

export function Component() {
  const user = useSignedInUser();
  return <RoutePage>{user && <NotificationsList user={user} />}</RoutePage>;
}
