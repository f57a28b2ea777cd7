import { Menu, Text, useMantineColorScheme } from "@mantine/core";
import {
  IconBuilding,
  IconChevronRight,
  IconClock,
  IconCoins,
  IconFileText,
  IconLanguage,
  IconListCheck,
  IconLogout,
  IconMoon,
  IconSettings,
  IconTicket,
  IconUserShield,
  type TablerIcon,
} from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { APP_VERSION } from "@netfleet/contracts/constants";
import { type Permission, hasPermission } from "@netfleet/contracts/permissions";
import { buildPath, routeByName } from "@netfleet/contracts/routes";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { ACCOUNT_PAGES } from "../../../lib/account-paths";
import { darkModeFor } from "../../../lib/color-scheme";
import { formatDateTime } from "../../../lib/format";
import { selectedTimezone } from "../../../lib/timezone";
import {
  type MenuView,
  impersonationActive,
  isImpersonating,
  showResourceSummary,
} from "../user-menu-rules";
import { DARK_MODE_LABELS } from "./dark-mode-menu";
import { LANGUAGE_NAMES, currentLanguage } from "./language-menu";

interface MainMenuProps {
  user: CurrentUser;
  theme: Theme;
  open: (view: MenuView) => void;
  onShowPermissions: () => void;
  onLogout: () => void;
}

function pathOf(name: string, params?: Record<string, string | number>): string {
  const route = routeByName(name);
  if (!route) throw new Error(`No route named ${name}`);
  return buildPath(route, params);
}

const chevron = <IconChevronRight size={14} aria-hidden />;
const icon = (Glyph: TablerIcon) => <Glyph size={16} aria-hidden />;

/** The first panel of the user menu; entries with a chevron open a sub-menu in place. */
export function MainMenu({ user, theme, open, onShowPermissions, onLogout }: MainMenuProps) {
  const { t } = useTranslation("user-menu");
  const { colorScheme } = useMantineColorScheme();
  const impersonating = isImpersonating(user);
  const can = (permission: Permission) => hasPermission(user.permissions, permission);
  const sub = (view: MenuView, label: string, glyph: TablerIcon, hint?: string) => (
    <Menu.Item
      closeMenuOnClick={false}
      leftSection={icon(glyph)}
      rightSection={
        <>
          {hint && (
            <Text span size="xs" c="dimmed" mr={4} maw={120} truncate="end">
              {hint}
            </Text>
          )}
          {chevron}
        </>
      }
      onClick={() => open(view)}
    >
      {label}
    </Menu.Item>
  );

  return (
    <>
      <Menu.Label>
        <Text size="sm" fw={500} c="var(--mantine-color-text)" truncate="end">
          {user.email}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {user.company.name} · {user.role.title}
        </Text>
      </Menu.Label>
      {!impersonating && (
        // The account service's own page: a full page load, not a console route.
        <Menu.Item component="a" href={ACCOUNT_PAGES.settings} leftSection={icon(IconSettings)}>
          {t("accountSettings")}
        </Menu.Item>
      )}
      {user.impersonation_access_limit &&
        impersonationActive(user.impersonation_access_limit) &&
        sub(
          "impersonation",
          t("impersonationUntil", { time: formatDateTime(user.impersonation_access_limit) }),
          IconUserShield,
        )}
      {showResourceSummary(user, theme) && sub("credits_summary", t("resources"), IconCoins)}
      {can("activate_credit_transfer_codes") && (
        <Menu.Item
          component={Link}
          to={pathOf("service.add-credits")}
          leftSection={icon(IconTicket)}
        >
          {t("activateCode")}
        </Menu.Item>
      )}
      <Menu.Divider />
      {sub("darkmode", t("darkMode"), IconMoon, t(DARK_MODE_LABELS[darkModeFor(colorScheme)]))}
      {sub("timezone", t("systemTimezone"), IconClock, selectedTimezone())}
      {theme.allow_languages &&
        sub("languages", t("languages"), IconLanguage, LANGUAGE_NAMES[currentLanguage()])}
      <Menu.Divider />
      {can("view_companies") && (
        <Menu.Item
          component={Link}
          to={pathOf("company.info", { company_id: user.company.id })}
          leftSection={icon(IconBuilding)}
        >
          {t("viewCompany")}
        </Menu.Item>
      )}
      {can("view_permissions") && (
        <Menu.Item leftSection={icon(IconListCheck)} onClick={onShowPermissions}>
          {t("viewPermissions")}
        </Menu.Item>
      )}
      <Menu.Item
        component={Link}
        to={pathOf("changelog")}
        leftSection={icon(IconFileText)}
        rightSection={
          <Text span size="xs" c="dimmed">
            v{APP_VERSION}
          </Text>
        }
      >
        {t("changelog")}
      </Menu.Item>
      <Menu.Divider />
      <Menu.Item color="red" leftSection={icon(IconLogout)} onClick={onLogout}>
        {impersonating ? t("logoutCancelImpersonation") : t("logout")}
      </Menu.Item>
    </>
  );
}
