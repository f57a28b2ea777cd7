import type { ReactNode } from "react";
import { Anchor, AppShell, Burger, Group } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link } from "react-router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { Logo } from "./logo";
import classes from "./console-shell.module.css";

interface ConsoleShellProps {
  /** The header's right side: the signed-in user's controls. */
  headerEnd: ReactNode;
  /** Side navigation; without it the page takes the full width and no menu button shows. */
  navbar?: ReactNode;
  children: ReactNode;
}

const MAIN_ID = "main-content";

/** The frame of every console page: header, optional side navigation, page area. */
export function ConsoleShell({ headerEnd, navbar, children }: ConsoleShellProps) {
  const [navOpen, nav] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={
        navbar ? { width: 240, breakpoint: "sm", collapsed: { mobile: !navOpen } } : undefined
      }
      padding={{ base: "md", md: "xl" }}
    >
      <a className={classes.skipLink} href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {navbar && (
              <Burger
                opened={navOpen}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpen ? "Close navigation" : "Open navigation"}
              />
            )}
            <Anchor
              component={Link}
              to={DEFAULT_LANDING_PAGE}
              underline="never"
              c="inherit"
              aria-label="Netfleet, go to devices"
            >
              <Logo />
            </Anchor>
          </Group>
          {headerEnd}
        </Group>
      </AppShell.Header>
      {navbar && <AppShell.Navbar p="md">{navbar}</AppShell.Navbar>}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <div className={classes.content}>{children}</div>
      </AppShell.Main>
    </AppShell>
  );
}
