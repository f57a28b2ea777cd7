import { Badge } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import type { UserListItem } from "@netfleet/contracts/schemas/users";

const METHOD_KEY = {
  email: "twoFactorEmail",
  totp: "twoFactorTotp",
  teltonika_id: "twoFactorTeltonikaId",
} as const satisfies Record<NonNullable<UserListItem["mfa_type"]>, string>;

/** Whether the user signs in with a second factor, and which. */
export function TwoFactorBadge({ type }: { type: UserListItem["mfa_type"] }) {
  const { t } = useTranslation("users");
  if (type === null) {
    return (
      <Badge variant="light" color="gray" size="sm" miw="max-content">
        {t("twoFactorOff")}
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="teal" size="sm" miw="max-content">
      {t(METHOD_KEY[type])}
    </Badge>
  );
}
