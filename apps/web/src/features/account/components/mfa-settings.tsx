import { useState } from "react";
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconAlertCircle, IconInfoCircle, IconMail, IconQrcode } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import type {
  EnrollableMfaMethod,
  MfaEnrolment,
  MfaMethod,
  MfaStatus,
} from "@netfleet/contracts/schemas/mfa";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { isCancelledRequest, toApiRequestError } from "../../../lib/http";
import { useDisableMfa } from "../api/disable-mfa";
import { useMfa } from "../api/get-mfa";
import { useStartMfaEnrolment } from "../api/start-mfa-enrolment";
import { FormAlert } from "./form-alert";
import { MfaEnrolmentStep } from "./mfa-enrolment-step";
import { RecoveryCodes } from "./recovery-codes";

/** Where the section is: showing the status, enrolling a method, or showing recovery codes. */
type Step =
  | { kind: "status" }
  | { kind: "enrolling"; enrolment: MfaEnrolment }
  | { kind: "recovery"; codes: string[] };

function StatusBadge({ method }: { method: MfaMethod | null }) {
  const { t } = useTranslation("account");
  return (
    <Badge variant="light" color={method ? "teal" : "gray"} size="lg" radius="sm">
      {t(method ? `mfaMethod.${method}` : "mfaMethod.off")}
    </Badge>
  );
}

interface StatusActionsProps {
  status: MfaStatus;
  starting: EnrollableMfaMethod | null;
  onStart: (method: EnrollableMfaMethod) => void;
  onTurnOff: () => void;
}

function StatusActions({ status, starting, onStart, onTurnOff }: StatusActionsProps) {
  const { t } = useTranslation("account");
  const busy = starting !== null;
  return (
    <Group gap="sm">
      {status.mfa_type !== "totp" && (
        <Button
          variant={status.mfa_type ? "default" : "filled"}
          leftSection={<IconQrcode size={16} aria-hidden />}
          loading={starting === "totp"}
          disabled={busy && starting !== "totp"}
          onClick={() => onStart("totp")}
        >
          {t("setUpTotp")}
        </Button>
      )}
      {status.mfa_type !== "email" && (
        <Button
          variant="default"
          leftSection={<IconMail size={16} aria-hidden />}
          loading={starting === "email"}
          disabled={busy && starting !== "email"}
          onClick={() => onStart("email")}
        >
          {t("useEmailCodes")}
        </Button>
      )}
      {status.mfa_type && !status.mandatory && (
        <Button variant="light" color="red" disabled={busy} onClick={onTurnOff}>
          {t("turnOff")}
        </Button>
      )}
    </Group>
  );
}

/**
 * The settings section for the second factor: what is in use, enrolling an authenticator
 * app or e-mailed codes, and turning it off where the company allows. The server asks for
 * the password or the current second factor first where it must; the HTTP client shows
 * those dialogs and retries, so this section only sees the final outcome.
 */
export function MfaSettings() {
  const { t } = useTranslation("account");
  const mfa = useMfa();
  const start = useStartMfaEnrolment();
  const disable = useDisableMfa();
  const [step, setStep] = useState<Step>({ kind: "status" });
  const [starting, setStarting] = useState<EnrollableMfaMethod | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const fail = (error: unknown) => {
    // A dialog the user cancelled (password, code) is not a failure to report.
    if (!isCancelledRequest(error)) setAlert(toApiRequestError(error).message);
  };

  const begin = (type: EnrollableMfaMethod) => {
    setAlert(null);
    setStarting(type);
    start.mutate(
      { type },
      {
        onSuccess: (enrolment) => setStep({ kind: "enrolling", enrolment }),
        onError: fail,
        onSettled: () => setStarting(null),
      },
    );
  };

  const turnOff = () => {
    setConfirmingOff(false);
    setAlert(null);
    disable.mutate(undefined, {
      onSuccess: () => notifications.show({ color: "teal", message: t("mfaTurnedOff") }),
      onError: fail,
    });
  };

  return (
    <Stack component="section" aria-labelledby="mfa-heading" gap="md" maw={1200}>
      <Stack gap={4}>
        <Title order={2} fz="h3" id="mfa-heading">
          {t("mfaTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("mfaIntro")}
        </Text>
      </Stack>
      <Paper withBorder p={{ base: "md", sm: "lg" }}>
        <FormAlert message={alert} />
        {mfa.isPending ? (
          <Loader size="sm" aria-label={t("mfaTitle")} />
        ) : mfa.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {t("mfaLoadFailed")}
          </Alert>
        ) : step.kind === "enrolling" ? (
          <MfaEnrolmentStep
            enrolment={step.enrolment}
            onCancel={() => setStep({ kind: "status" })}
            onEnrolled={(result) => {
              notifications.show({ color: "teal", message: t("mfaEnabled") });
              setStep(
                result.recovery_codes.length > 0
                  ? { kind: "recovery", codes: result.recovery_codes }
                  : { kind: "status" },
              );
            }}
          />
        ) : step.kind === "recovery" ? (
          <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: "status" })} />
        ) : (
          <Stack gap="md">
            <Group gap="sm">
              <Text size="sm" fw={500}>
                {t("mfaStatus")}
              </Text>
              <StatusBadge method={mfa.data.mfa_type} />
              {mfa.data.mfa_type === "totp" && (
                <Text size="sm" c="dimmed">
                  {t("recoveryCodesLeft", { count: mfa.data.recovery_codes_left })}
                </Text>
              )}
            </Group>
            {mfa.data.mandatory && (
              <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
                {t("mfaMandatory")}
              </Alert>
            )}
            <StatusActions
              status={mfa.data}
              starting={starting}
              onStart={begin}
              onTurnOff={() => setConfirmingOff(true)}
            />
          </Stack>
        )}
      </Paper>
      <ConfirmModal
        opened={confirmingOff}
        title={t("turnOffTitle")}
        confirmLabel={t("turnOff")}
        danger
        loading={disable.isPending}
        onConfirm={turnOff}
        onCancel={() => setConfirmingOff(false)}
      >
        {t("turnOffText")}
      </ConfirmModal>
    </Stack>
  );
}
