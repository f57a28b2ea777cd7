import { useState } from "react";
import { Alert, Button, Group, List, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { toApiRequestError } from "../../../lib/http";
import { useUpdateAccountUser } from "../api/update-account-user";
import { HeaderlessModal } from "./headerless-modal";

interface TermsModalProps {
  opened: boolean;
  onAccepted: () => void;
}

/** The data agreement a user of the unbranded product accepts before working (SH-START-020). */
export function TermsModal({ opened, onAccepted }: TermsModalProps) {
  const { t } = useTranslation("onboarding");
  const accept = useUpdateAccountUser();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    setFailure(null);
    accept.mutate(
      { tos_accepted: true },
      {
        onSuccess: onAccepted,
        onError: (error) =>
          setFailure(t("termsFailed", { message: toApiRequestError(error).message })),
      },
    );
  };

  return (
    <HeaderlessModal opened={opened} title={t("termsTitle")}>
      <Text size="sm">{t("termsIntro")}</Text>
      <List size="sm" spacing="xs">
        <List.Item>{t("termsDevices")}</List.Item>
        <List.Item>{t("termsTelemetry")}</List.Item>
        <List.Item>{t("termsAccess")}</List.Item>
      </List>
      <div role="alert">
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
      </div>
      <Group justify="flex-end">
        <Button onClick={submit} loading={accept.isPending}>
          {t("termsAccept")}
        </Button>
      </Group>
    </HeaderlessModal>
  );
}
