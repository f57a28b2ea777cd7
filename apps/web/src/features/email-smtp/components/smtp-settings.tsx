import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconAlertCircle, IconSend } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import {
  type SmtpSettings as Settings,
  smtpTestBodySchema,
} from "@netfleet/contracts/schemas/email-smtp";
import { SchemaForm } from "../../../components/ui/form/schema-form";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { formatDateTime } from "../../../lib/format";
import { toApiRequestError } from "../../../lib/http";
import { useSignedInUser } from "../../../lib/viewer";
import { useSmtpSettings } from "../api/get-smtp-settings";
import { sendTestEmail } from "../api/send-test-email";
import { smtpSettingsForm } from "../smtp-form";

const SOURCE_COLOR = { settings: "teal", environment: "blue", outbox: "yellow" } as const;

/** Where e-mail goes now: these settings, the server's own configuration, or nowhere. */
function MailRoute({ settings }: { settings: Settings }) {
  const { t } = useTranslation("email-smtp");
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm">{t("routeLabel")}</Text>
      <Badge variant="light" tt="none" color={SOURCE_COLOR[settings.source]}>
        {t(`source.${settings.source}`)}
      </Badge>
      {settings.updated_at && (
        <Text size="sm" c="dimmed">
          {t("updatedAt", { time: formatDateTime(settings.updated_at) })}
        </Text>
      )}
    </Group>
  );
}

/** "Send test e-mail": waits for the mail server and shows its own words when it refuses. */
function TestEmailForm() {
  const { t } = useTranslation("email-smtp");
  const me = useSignedInUser();
  const form = useZodForm(smtpTestBodySchema, { to: me?.email ?? "" });
  const submit = useZodFormSubmit(form, {
    send: sendTestEmail,
    onSuccess: (message, values) =>
      notifications.show({ color: "teal", message: message ?? t("testSent", { to: values.to }) }),
  });
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="sm">
        <Title order={2} fz="h5">
          {t("testTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("testText")}
        </Text>
        <div role="alert">
          {submit.alert && (
            <Alert color="red" variant="light" title={t("testFailed")}>
              {submit.alert}
            </Alert>
          )}
        </div>
        <TextInput
          label={t("fieldTestTo")}
          type="email"
          inputMode="email"
          required
          {...form.getInputProps("to")}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            variant="default"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={submit.waiting}
          >
            {t("testSend")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/email-smtp`: the installation's outgoing mail server and a test send through it. */
export function SmtpSettings() {
  const { t } = useTranslation("email-smtp");
  const settings = useSmtpSettings();
  if (settings.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={t("loadFailed")}
      >
        {toApiRequestError(settings.error).message}
      </Alert>
    );
  }
  if (!settings.data) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t("loading")} />
      </Center>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: "start" }}>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <Stack gap="md">
          <MailRoute settings={settings.data} />
          {/* Saved settings start the form afresh: a stored password now shows as stored. */}
          <SchemaForm
            key={settings.data.updated_at ?? "none"}
            schema={smtpSettingsForm(settings.data)}
          />
        </Stack>
      </Paper>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <TestEmailForm />
      </Paper>
    </SimpleGrid>
  );
}
