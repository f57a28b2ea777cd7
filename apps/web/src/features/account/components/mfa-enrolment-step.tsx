import {
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Stack,
  Text,
  TextInput,
  Tooltip,
  ActionIcon,
} from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import {
  MFA_LIMITS,
  confirmMfaEnrolmentBodySchema,
  type MfaEnrolled,
  type MfaEnrolment,
} from "@netfleet/contracts/schemas/mfa";
import { useZodForm } from "../../../components/ui/form/use-zod-form";
import { useZodFormSubmit } from "../../../components/ui/form/use-zod-form-submit";
import { useConfirmMfaEnrolment } from "../api/confirm-mfa-enrolment";
import { FormAlert } from "./form-alert";

/** The secret to scan or type into an authenticator app. */
function TotpSecret({ enrolment }: { enrolment: MfaEnrolment }) {
  const { t } = useTranslation("account");
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      {enrolment.qr_code && (
        // QR codes need dark modules on light ground to scan, in the dark scheme too.
        <Box bg="white" p={8} style={{ borderRadius: "var(--mantine-radius-sm)" }}>
          <Image src={enrolment.qr_code} alt={t("qrAlt")} w={168} h={168} />
        </Box>
      )}
      <Stack gap={6} miw={0} style={{ flex: "1 1 240px" }}>
        <Text size="sm">{t("scanQr")}</Text>
        <Text size="sm" fw={500} id="mfa-secret-label">
          {t("manualKey")}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Code
            fz="sm"
            aria-labelledby="mfa-secret-label"
            style={{ wordBreak: "break-all", letterSpacing: "0.05em" }}
          >
            {enrolment.secret}
          </Code>
          <CopyButton value={enrolment.secret ?? ""}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t("copied") : t("copyKey")} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? "teal" : "gray"}
                  onClick={copy}
                  aria-label={t("copyKey")}
                >
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Group>
  );
}

interface MfaEnrolmentStepProps {
  enrolment: MfaEnrolment;
  onEnrolled: (result: MfaEnrolled) => void;
  onCancel: () => void;
}

/**
 * The second half of enrolling: the user proves the new factor works with a code from it
 * (the app's current code, or the one e-mailed), and only then is it switched on.
 */
export function MfaEnrolmentStep({ enrolment, onEnrolled, onCancel }: MfaEnrolmentStepProps) {
  const { t } = useTranslation("account");
  const form = useZodForm(confirmMfaEnrolmentBodySchema, { code: "" });
  const confirm = useConfirmMfaEnrolment();
  const submit = useZodFormSubmit(form, { send: confirm.mutateAsync, onSuccess: onEnrolled });
  const totp = enrolment.type === "totp";

  return (
    <form
      onSubmit={submit.onSubmit}
      noValidate
      aria-label={totp ? t("setUpTotp") : t("useEmailCodes")}
    >
      <FormAlert message={submit.alert} />
      <Stack gap="lg">
        {totp ? (
          <TotpSecret enrolment={enrolment} />
        ) : (
          <Text size="sm">{t("codeSentTo", { email: enrolment.email ?? "" })}</Text>
        )}
        <TextInput
          label={t("authCode")}
          description={totp ? t("totpCodeHint") : t("emailCodeHint")}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MFA_LIMITS.codeLength}
          maw={280}
          autoFocus={!totp}
          key={form.key("code")}
          {...form.getInputProps("code")}
        />
        <Group gap="sm">
          <Button type="submit" loading={submit.waiting}>
            {t("confirm")}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t("cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
