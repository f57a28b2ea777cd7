import { useState } from "react";
import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconMailForward, IconUserShield, IconUserX } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { z } from "zod";
import { IMPERSONATION_GRANT_DAY_CHOICES } from "@netfleet/contracts/schemas/impersonation";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { formatDateTime } from "../../../lib/format";
import { useGrantImpersonationAccess } from "../api/grant-impersonation-access";
import { useRevokeImpersonationAccess } from "../api/revoke-impersonation-access";
import { grantActive, grantUntil, type GrantDays } from "../impersonation-rules";

const DURATION_KEYS = {
  1: "duration1",
  7: "duration7",
  14: "duration14",
  30: "duration30",
} as const satisfies Record<GrantDays, string>;

// A select of fixed durations rather than a date picker: the API takes at most 30 days,
// and a duration cannot be set in the past.
const grantFormSchema = z.object({
  days: z.enum(IMPERSONATION_GRANT_DAY_CHOICES.map(String) as [string, ...string[]]),
});

interface SupportAccessCardProps {
  /** The current grant (`impersonation_access_limit`), if any. */
  limit: string | null;
}

/**
 * The account settings section where a user lets support staff act as them until a date,
 * extends that, or withdraws it.
 */
export function SupportAccessCard({ limit }: SupportAccessCardProps) {
  const { t } = useTranslation("impersonation");
  const { t: tc } = useTranslation("common");
  const active = grantActive(limit);
  const grant = useGrantImpersonationAccess();
  const revoke = useRevokeImpersonationAccess();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const form = useZodForm(grantFormSchema, { days: "7" });
  const submit = useZodFormSubmit(form, {
    send: (values) => {
      setSentTo(null);
      return grant.mutateAsync({ until: grantUntil(Number(values.days) as GrantDays) });
    },
    onSuccess: (result) => setSentTo(result.email),
  });

  return (
    <Paper
      component="section"
      aria-labelledby="support-access-heading"
      withBorder
      p={{ base: "md", sm: "lg" }}
      maw={720}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Group gap="xs">
            <IconUserShield size={20} aria-hidden />
            <Title order={2} fz="h3" id="support-access-heading">
              {t("cardTitle")}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t("cardIntro")}
          </Text>
        </Stack>

        <Group justify="space-between" gap="sm" role="status">
          <Text size="sm" fw={500}>
            {active ? t("activeUntil", { time: formatDateTime(limit) }) : t("inactive")}
          </Text>
          {active && (
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconUserX size={14} aria-hidden />}
              onClick={() => setConfirmingRevoke(true)}
            >
              {t("revoke")}
            </Button>
          )}
        </Group>

        <div role="alert">
          {submit.alert && (
            <Alert color="red" variant="light" role="presentation">
              {submit.alert}
            </Alert>
          )}
          {sentTo && (
            <Alert
              color="teal"
              variant="light"
              icon={<IconMailForward size={18} aria-hidden />}
              role="presentation"
            >
              {t("grantSent", { email: sentTo })}
            </Alert>
          )}
        </div>

        <form onSubmit={submit.onSubmit} noValidate aria-label={t("cardTitle")}>
          <Group align="flex-end" gap="sm">
            <Select
              label={t("durationLabel")}
              description={t("durationDescription")}
              data={IMPERSONATION_GRANT_DAY_CHOICES.map((days) => ({
                value: String(days),
                label: t(DURATION_KEYS[days]),
              }))}
              allowDeselect={false}
              w={{ base: "100%", xs: 320 }}
              key={form.key("days")}
              {...form.getInputProps("days")}
            />
            <Button type="submit" loading={submit.waiting}>
              {active ? t("extend") : t("grant")}
            </Button>
          </Group>
        </form>
      </Stack>

      <Modal
        opened={confirmingRevoke}
        onClose={() => setConfirmingRevoke(false)}
        title={t("revokeTitle")}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t("revokeText")}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmingRevoke(false)}>
              {tc("cancel")}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
              {t("revoke")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
