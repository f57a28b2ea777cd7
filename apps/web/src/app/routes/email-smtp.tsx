import { RoutePage } from "../../components/layout/route-page";
import { SmtpSettings } from "../../features/email-smtp/components/smtp-settings";

export function Component() {
  return (
    <RoutePage>
      <SmtpSettings />
    </RoutePage>
  );
}
