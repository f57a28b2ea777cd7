import type { ReactNode } from "react";
import { Box, Group, Loader, Menu, Stack, Text } from "@mantine/core";
import { IconExternalLink, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { formatBytes } from "../../../lib/format";
import { toApiRequestError } from "../../../lib/http";
import { useCompanyData } from "../api/get-company-data";
import { useCreditsSummary } from "../api/get-credits-summary";
import { showBuyLink, showCompanyData } from "../user-menu-rules";
import { SubMenuHeader } from "./sub-menu-header";

interface ResourceSummaryMenuProps {
  user: CurrentUser;
  theme: Theme;
  onBack: () => void;
}

/**
 * The company's remaining data and credits by type, asked for only when this sub-menu
 * opens; and where to buy more, when the installation sells them (D6, D14).
 */
export function ResourceSummaryMenu({ user, theme, onBack }: ResourceSummaryMenuProps) {
  const { t, i18n } = useTranslation("user-menu");
  const withData = showCompanyData(user, theme);
  const credits = useCreditsSummary(true);
  const data = useCompanyData(withData);

  const pending = credits.isPending || (withData && data.isPending);
  const failure = credits.error ?? (withData ? data.error : null);
  const number = new Intl.NumberFormat(i18n.language);

  let body: ReactNode;
  if (failure) {
    body = (
      <>
        <Box px="sm" py="xs" role="alert">
          <Text size="sm" c="red">
            {t("resourcesFailed")}
          </Text>
          <Text size="xs" c="dimmed">
            {toApiRequestError(failure).message}
          </Text>
        </Box>
        <Menu.Item
          closeMenuOnClick={false}
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => {
            if (credits.isError) void credits.refetch();
            if (withData && data.isError) void data.refetch();
          }}
        >
          {t("retry", { ns: "common" })}
        </Menu.Item>
      </>
    );
  } else if (pending) {
    body = (
      <Group justify="center" py="sm" role="status" aria-label={t("loading", { ns: "common" })}>
        <Loader size="sm" />
      </Group>
    );
  } else {
    const rows = credits.data?.credits.left ?? [];
    body = (
      <Stack gap="xs" px="sm" pb="xs">
        {withData && data.data && (
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Text size="sm">{t("companyDataRemaining")}</Text>
            <Text size="sm" fw={600}>
              {formatBytes(data.data.remaining_data)}
            </Text>
          </Group>
        )}
        <Text size="xs" c="dimmed" id="user-menu-credits-left">
          {t("creditsLeft")}
        </Text>
        {rows.length === 0 ? (
          <Text size="sm">{t("noCredits")}</Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} aria-labelledby="user-menu-credits-left">
            {rows.map((row) => (
              <Group
                component="li"
                key={row.credit_type_id}
                justify="space-between"
                wrap="nowrap"
                gap="md"
                style={{ listStyle: "none" }}
              >
                <Text size="sm">{row.credit_type_name}</Text>
                <Text size="sm" fw={600}>
                  {number.format(row.credits_left)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <>
      <SubMenuHeader title={t("resources")} onBack={onBack} />
      {body}
      {showBuyLink(user, theme) && theme.buy_link && (
        <>
          <Menu.Divider />
          <Menu.Item
            component="a"
            href={theme.buy_link}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            {t("getMoreResources")}
          </Menu.Item>
        </>
      )}
    </>
  );
}
