import type { ReactNode } from "react";
import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "../../lib/router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { useDocumentTitle } from "@mantine/hooks";
import { Logo } from "./logo";
import classes from "./auth-layout.module.css";

interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  /** Shown under the card, e.g. a link back to sign-in. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The standalone frame of account pages: the product name over one centred card. */
export function AuthLayout({ title, description, footer, children }: AuthLayoutProps) {
  useDocumentTitle(`${title} · Netfleet`);
  return (
    <main className={classes.page}>
      <Anchor
        component={Link}
        to={DEFAULT_LANDING_PAGE}
        underline="never"
        c="inherit"
        aria-label="Netfleet"
      >
        <Logo size="lg" />
      </Anchor>
      <Paper className={classes.card} withBorder shadow="sm" p={{ base: "lg", xs: "xl" }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz="h3">
              {title}
            </Title>
            {description && (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
      {footer && (
        <Text size="sm" c="dimmed" ta="center">
          {footer}
        </Text>
      )}
    </main>
  );
}
