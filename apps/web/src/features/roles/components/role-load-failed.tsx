import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { toApiRequestError } from "../../../lib/http";

/** Why a role could not be shown, in the server's words. */
export function RoleLoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation("roles");
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      role="alert"
      title={t("roleLoadFailed")}
    >
      {toApiRequestError(error).message}
    </Alert>
  );
}
