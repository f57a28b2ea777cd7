import { Button, Group, Text } from "@mantine/core";
import { IconUserShield } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import classes from "./impersonation-banner.module.css";

/** "Currently impersonating user …, company #id" and the way back (shell §2 Layout). */
export function impersonationCompanyText(user: CurrentUser, companyWord: string): string {
  const name = user.company.name.trim() || companyWord;
  return `${name} #${user.company.id}`;
}

interface ImpersonationBannerProps {
  user: CurrentUser;
  onCancel: () => void;
  cancelling: boolean;
}

export function ImpersonationBanner({ user, onCancel, cancelling }: ImpersonationBannerProps) {
  const { t } = useTranslation("navigation");
  const { t: tc } = useTranslation("common");
  return (
    <Group className={classes.banner} justify="center" gap="sm" wrap="wrap" role="status">
      <IconUserShield size={18} aria-hidden />
      <Text size="sm" fw={500}>
        {t("impersonationBanner", {
          email: user.email,
          defaultValue: "Currently impersonating user {{email}}",
        })}{" "}
        <Text span fw={700} inherit>
          {impersonationCompanyText(user, tc("company"))}
        </Text>
      </Text>
      <Button
        size="compact-sm"
        color="dark"
        variant="white"
        onClick={onCancel}
        loading={cancelling}
      >
        {t("cancelImpersonation", { defaultValue: "Cancel impersonation" })}
      </Button>
    </Group>
  );
}
