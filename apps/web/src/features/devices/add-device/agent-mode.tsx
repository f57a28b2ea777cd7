import { useMemo } from "react";
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Code,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconAlertCircle, IconCheck, IconCopy, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { openPrompt } from "../../../components/ui/dialog/dialog-store";
import { FormFields } from "../../../components/ui/form/form-fields";
import type { FormSchema } from "../../../components/ui/form/form-types";
import { failureMessage } from "../../../components/ui/form/result-messages";
import { useFieldForm } from "../../../components/ui/form/use-field-form";
import { type CompanyChoice, companyField } from "./add-device-form";
import { useEnrolmentToken } from "./api/enrolment-token";
import { useReplaceEnrolmentToken } from "./api/replace-enrolment-token";

/** How many virtual devices the simulate command starts. */
export const SIMULATED_DEVICES = 10;

/** The command that runs a simulated fleet enrolling into the token's company. */
export function simulateCommand(server: string, token: string): string {
  return `npx netfleet-agent simulate --server ${server} --token ${token} --devices ${SIMULATED_DEVICES}`;
}

/** The command that enrols the Linux host it runs on. */
export function runCommand(server: string, token: string): string {
  return `npx netfleet-agent run --server ${server} --token ${token}`;
}

/** A value to copy: its label, what it is for, the value and a Copy button. */
function CopyBlock({ label, text, value }: { label: string; text?: string; value: string }) {
  const { t } = useTranslation("add-device");
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t("copied") : t("copy")} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? "teal" : "gray"}
                onClick={copy}
                aria-label={t("copyNamed", { what: label })}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      {text ? (
        <Text size="xs" c="dimmed">
          {text}
        </Text>
      ) : null}
      <Code block aria-label={label} style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
        {value}
      </Code>
    </Stack>
  );
}

/**
 * Adding devices by starting the agent: the chosen company's enrolment token and the two
 * commands that use it, each ready to copy. A device the company added beforehand is
 * taken over when the agent reports the same serial number and MAC address.
 */
export function AgentMode({ company }: { company: CompanyChoice | undefined }) {
  const { t } = useTranslation("add-device");
  const schema = useMemo<FormSchema>(
    () => ({
      fields: [companyField(company)],
      initialValues: { company_id: company?.id ?? null },
      endpoint: "",
    }),
    [company],
  );
  const form = useFieldForm(schema);
  const chosen = form.getValues().company_id;
  const companyId = typeof chosen === "number" ? chosen : undefined;
  const token = useEnrolmentToken(companyId);
  const replace = useReplaceEnrolmentToken();
  const server = window.location.origin;

  const confirmReplace = (id: number) =>
    void openPrompt({
      id: "replace-enrolment-token",
      title: t("replaceTitle"),
      message: t("replaceText"),
      confirmText: t("replaceToken"),
      confirmColor: "red",
      onConfirm: async () => {
        try {
          await replace.mutateAsync(id);
        } catch (error) {
          notifications.show({
            color: "red",
            message: failureMessage(error, { item: t("fieldToken"), verb: "update" }),
          });
          return;
        }
        notifications.show({ color: "teal", message: t("replaced") });
      },
    });

  return (
    <Stack gap="md">
      <Text size="sm">{t("agentIntro")}</Text>
      <FormFields form={form} />
      {companyId === undefined ? null : token.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label={t("loadingToken")} />
        </Center>
      ) : token.isError ? (
        <Alert color="red" role="alert" icon={<IconAlertCircle size={18} />}>
          <Stack gap="xs" align="flex-start">
            {t("tokenLoadFailed")}
            <Button size="xs" variant="default" onClick={() => void token.refetch()}>
              {t("retry")}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <CopyBlock label={t("fieldToken")} value={token.data} />
          <CopyBlock
            label={t("agentSimulate")}
            text={t("agentSimulateText", { count: SIMULATED_DEVICES })}
            value={simulateCommand(server, token.data)}
          />
          <CopyBlock
            label={t("agentRun")}
            text={t("agentRunText")}
            value={runCommand(server, token.data)}
          />
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text size="xs" c="dimmed">
              {t("agentKeepSecret")}
            </Text>
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={replace.isPending}
              onClick={() => confirmReplace(companyId)}
              style={{ flexShrink: 0 }}
            >
              {t("replaceToken")}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
