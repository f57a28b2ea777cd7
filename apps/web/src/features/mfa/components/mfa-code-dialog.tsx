import { type FormEvent, useState } from "react";
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { MFA_LIMITS } from "@netfleet/contracts/mfa";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { type HttpResponse, toApiRequestError } from "../../../lib/http";

/** Answers to a re-sent request that leave the code dialog open (FM-MFA-008). */
const RETRYABLE_CODES = ["MFA_REQUIRED", "CONFIRMATION_FAILED"] as const;

export interface MfaCodeDialogProps {
  /** "email": a code was mailed; "totp": the authenticator app, or a recovery code. */
  method: "email" | "totp";
  /** Re-sends the original request with the code. */
  resend: (code: string) => Promise<HttpResponse>;
  /** The re-sent request succeeded: the original caller receives `response`. */
  onSuccess: (response: HttpResponse) => void;
  /** The re-sent request failed for another reason: the original caller receives `error`. */
  onFailure: (error: unknown) => void;
}

/**
 * The second-factor code dialog (forms §4 "Multi-factor flow"): a required Code field and
 * Confirm. A wrong or expired code keeps the dialog open with the server's message under
 * the field; any other failure closes it and goes back to the form that made the call.
 */
export function MfaCodeDialog({
  method,
  resend,
  onSuccess,
  onFailure,
  close,
}: MfaCodeDialogProps & DialogBodyProps) {
  const { t } = useTranslation("mfa");
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [waiting, setWaiting] = useState(false);
  const numeric = !recovery;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (waiting) return;
    const value = code.trim();
    if (!value) {
      setError(t("codeRequired"));
      return;
    }
    setWaiting(true);
    setError(undefined);
    let response: HttpResponse;
    try {
      response = await resend(value);
    } catch (failure) {
      const answer = toApiRequestError(failure);
      setWaiting(false);
      if (RETRYABLE_CODES.some((c) => answer.hasCode(c))) {
        setError(answer.message);
        return;
      }
      onFailure(failure);
      close();
      return;
    }
    onSuccess(response);
    close();
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setCode("");
    setError(undefined);
  };

  const intro = method === "email" ? t("codeText") : recovery ? t("recoveryText") : t("totpText");

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
        <TextInput
          key={recovery ? "recovery" : "code"}
          label={recovery ? t("recoveryLabel") : t("codeLabel")}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
          required
          inputMode={numeric ? "numeric" : "text"}
          pattern={numeric ? "[0-9]*" : undefined}
          maxLength={numeric ? MFA_LIMITS.codeLength : 64}
          autoComplete="one-time-code"
          data-autofocus
          autoFocus
        />
        {method === "totp" && (
          <Anchor component="button" type="button" size="sm" onClick={switchMode}>
            {recovery ? t("useTotp") : t("useRecovery")}
          </Anchor>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={waiting}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={waiting}>
            {t("confirm")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
