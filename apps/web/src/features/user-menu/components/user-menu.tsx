import { type ReactNode, useEffect, useRef, useState } from "react";
import { Avatar, Menu, UnstyledButton } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { LAYOUT } from "@netfleet/contracts/constants";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { type MenuView, userInitials } from "../user-menu-rules";
import { DarkModeMenu } from "./dark-mode-menu";
import { ImpersonationMenu } from "./impersonation-menu";
import { LanguageMenu } from "./language-menu";
import { MainMenu } from "./main-menu";
import { ResourceSummaryMenu } from "./resource-summary-menu";
import { TimezoneMenu, preloadTimezoneMenu } from "./timezone-menu";
import { UserPermissionsModal } from "./user-permissions-modal";

interface UserMenuProps {
  user: CurrentUser;
  theme: Theme;
  /** Signs out: revokes the session and leaves the console. */
  onLogout: () => void;
  /** Ends the user's grant to be impersonated. */
  onRevokeImpersonationAccess: () => void;
}

/**
 * The header's user menu (shell §2): one dropdown whose content is one panel at a time
 * (`MenuView`), so the sub-menus stay keyboard-reachable without nested popovers.
 */
export function UserMenu({ user, theme, onLogout, onRevokeImpersonationAccess }: UserMenuProps) {
  const { t } = useTranslation("user-menu");
  const [opened, setOpened] = useState(false);
  const [view, setView] = useState<MenuView>("main");
  const [permissionsOpen, setPermissionsOpen] = useState(false);
  const dropdown = useRef<HTMLDivElement>(null);

  // The entry that opened a panel is gone once it opens: focus moves to the panel's first
  // entry. Opening the menu itself keeps Mantine's own focus handling.
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current === view) return;
    shownView.current = view;
    if (opened) dropdown.current?.querySelector<HTMLElement>("[data-menu-item]")?.focus();
  }, [view, opened]);

  const back = () => setView("main");
  const panels: Record<MenuView, () => ReactNode> = {
    main: () => (
      <MainMenu
        user={user}
        theme={theme}
        open={setView}
        onShowPermissions={() => setPermissionsOpen(true)}
        onLogout={onLogout}
      />
    ),
    darkmode: () => <DarkModeMenu onBack={back} />,
    timezone: () => <TimezoneMenu onBack={back} />,
    languages: () => <LanguageMenu onBack={back} />,
    credits_summary: () => <ResourceSummaryMenu user={user} theme={theme} onBack={back} />,
    impersonation: () => (
      <ImpersonationMenu
        limit={user.impersonation_access_limit ?? ""}
        onRevoke={onRevokeImpersonationAccess}
        onBack={back}
      />
    ),
  };

  return (
    <>
      <Menu
        opened={opened}
        onChange={(next) => {
          setOpened(next);
          if (next) preloadTimezoneMenu();
          else setView("main");
        }}
        position="bottom-end"
        width={320}
        shadow="md"
        withinPortal
        // The header is fixed, so the avatar never scrolls out of view: nothing to hide the
        // dropdown for. (Without layout, as in jsdom, the avatar would always count as hidden.)
        hideDetached={false}
      >
        <Menu.Target>
          <UnstyledButton
            aria-label={t("menuLabel", { email: user.email })}
            style={{ borderRadius: "50%" }}
          >
            <Avatar
              src={user.avatar_url}
              alt=""
              size={LAYOUT.avatarSize}
              radius="xl"
              color="initials"
              name={user.email}
            >
              {userInitials(user)}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown ref={dropdown} data-view={view}>
          {panels[view]()}
        </Menu.Dropdown>
      </Menu>
      <UserPermissionsModal
        opened={permissionsOpen}
        onClose={() => setPermissionsOpen(false)}
        permissions={user.permissions}
      />
    </>
  );
}
