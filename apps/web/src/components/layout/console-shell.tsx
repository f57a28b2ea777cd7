import { useState, type ReactNode } from "react";
import { ActionIcon, Anchor, AppShell, Burger, Group, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { Link, useLocation } from "../../lib/router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import { Logo } from "./logo";
import { ScrollToTop } from "./scroll-to-top";
import classes from "./console-shell.module.css";

interface ConsoleShellProps {
  theme: Theme;
  /** The header's right side: help, search, bell, notices, user menu. */
  headerEnd: ReactNode;
  /** Full-width strip under the header, e.g. the impersonation banner. */
  banner?: ReactNode;
  /** The side navigation, drawn wide or narrow. */
  navbar: (wide: boolean) => ReactNode;
  wide: boolean;
  onToggleWide: () => void;
  children: ReactNode;
}

const MAIN_ID = "main-content";
const HEADER_HEIGHT = 56;
const BANNER_HEIGHT = 40;

/** The frame of every console page: header, side navigation, page area (shell §2 Layout). */
export function ConsoleShell(props: ConsoleShellProps) {
  const { theme, headerEnd, banner, navbar, wide, onToggleWide, children } = props;
  const { t } = useTranslation("navigation");
  const [mobileOpen, mobile] = useDisclosure(false);
  const { pathname } = useLocation();

  // The mobile navigation closes whenever the route changes (adjusted during render, as
  // React recommends for state that follows a changed value).
  const [navPath, setNavPath] = useState(pathname);
  if (navPath !== pathname) {
    setNavPath(pathname);
    if (mobileOpen) mobile.close();
  }

  const headerHeight = HEADER_HEIGHT + (banner ? BANNER_HEIGHT : 0);
  return (
    <AppShell
      header={{ height: headerHeight }}
      navbar={{ width: wide ? 248 : 64, breakpoint: "sm", collapsed: { mobile: !mobileOpen } }}
      padding={{ base: "md", md: "xl" }}
      data-nav={wide ? "wide" : "narrow"}
    >
      <a className={classes.skipLink} href={`#${MAIN_ID}`}>
        {t("skipToContent", { defaultValue: "Skip to content" })}
      </a>
      <AppShell.Header>
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={mobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={
                mobileOpen
                  ? t("closeNavigation", { defaultValue: "Close navigation" })
                  : t("openNavigation", { defaultValue: "Open navigation" })
              }
              aria-expanded={mobileOpen}
            />
            <Anchor
              component={Link}
              to={DEFAULT_LANDING_PAGE}
              underline="never"
              c="inherit"
              aria-label={t("goToDevices", {
                app: theme.app_name,
                defaultValue: "{{app}}, go to devices",
              })}
              className={classes.logoLink}
              data-wide={wide || undefined}
            >
              <Logo wide={wide} theme={theme} />
            </Anchor>
            <Tooltip
              label={
                wide
                  ? t("toggleNavigation", { defaultValue: "Collapse navigation" })
                  : t("expandNavigation", { defaultValue: "Expand navigation" })
              }
            >
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                onClick={onToggleWide}
                aria-label={
                  wide
                    ? t("toggleNavigation", { defaultValue: "Collapse navigation" })
                    : t("expandNavigation", { defaultValue: "Expand navigation" })
                }
                aria-pressed={!wide}
              >
                {wide ? (
                  <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} aria-hidden />
                ) : (
                  <IconLayoutSidebarLeftExpand size={20} stroke={1.6} aria-hidden />
                )}
              </ActionIcon>
            </Tooltip>
          </Group>
          {headerEnd}
        </Group>
        {banner}
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar}>
        {/* On phones the drawer is always wide: icons alone are too cryptic there. A wide
            sidebar is the phones' one too, drawn once. */}
        {wide ? (
          <div className={classes.navChosen}>{navbar(true)}</div>
        ) : (
          <>
            <div className={classes.navWide}>{navbar(true)}</div>
            <div className={classes.navChosen}>{navbar(false)}</div>
          </>
        )}
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <div className={classes.content}>{children}</div>
      </AppShell.Main>
      <ScrollToTop />
    </AppShell>
  );
}
