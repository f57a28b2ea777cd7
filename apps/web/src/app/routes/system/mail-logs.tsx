import { RoutePage } from "../../../components/layout/route-page";
import { MailLogsList } from "../../../features/mail-logs/components/mail-logs-list";

export function Component() {
  return (
    <RoutePage>
      <MailLogsList />
    </RoutePage>
  );
}
