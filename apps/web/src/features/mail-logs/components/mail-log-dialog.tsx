import { Alert, Code, SimpleGrid, Stack } from "@mantine/core";
import { useTranslation, i18n } from "../../../lib/i18n";
import type { MailLog } from "@netfleet/contracts/schemas/mail-logs";
import { openDialog } from "../../../components/ui/dialog/dialog-store";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { formatDateTime } from "../../../lib/format";
import { MailStatusBadge } from "./mail-status-badge";
import { Fact } from "../../../components/ui/fact";

/**
 * One e-mail as the log keeps it: the plain-text part, with the links and codes that would
 * let a reader act as the recipient already hidden by the server.
 */
function MailLogBody({ mail }: { mail: MailLog } & DialogBodyProps) {
  const { t } = useTranslation("mail-logs");
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" component="dl" m={0}>
        <Fact label={t("colTo")}>{mail.to}</Fact>
        <Fact label={t("colStatus")}>
          <MailStatusBadge status={mail.status} />
        </Fact>
        <Fact label={t("colCreated")}>{formatDateTime(mail.created_at)}</Fact>
        <Fact label={t("colSent")}>{formatDateTime(mail.sent_at)}</Fact>
        <Fact label={t("colTemplate")}>{mail.template}</Fact>
      </SimpleGrid>
      {mail.error && (
        <Alert color="red" variant="light" title={t("errorTitle")}>
          {mail.error}
        </Alert>
      )}
      <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {mail.text}
      </Code>
    </Stack>
  );
}

export function openMailLog(mail: MailLog) {
  openDialog<{ mail: MailLog }>({
    id: `mail-log-${mail.id}`,
    title: mail.subject,
    subtitle: i18n.t("mail-logs:mailSubtitle"),
    component: MailLogBody,
    props: { mail },
    size: "lg",
    fullScreenControl: true,
  });
}
