import type { ReactNode } from "react";
import { Group, Stack, ThemeIcon, type MantineColor } from "@mantine/core";
import { AuthLayout } from "../layout/auth-layout";

interface NoticeScreenProps {
  title: string;
  /** Decorative; the title and text carry the meaning. */
  icon: ReactNode;
  color?: MantineColor;
  /** The explanation, one or more paragraphs. */
  children: ReactNode;
  /** Buttons under the text, e.g. retry or sign out. */
  actions?: ReactNode;
}

/**
 * A full-page screen that takes the console's place (SH-LAYOUT-008: no header, no
 * navigation): the product name over one card, as the error screen and account pages.
 */
export function NoticeScreen({ title, icon, color, children, actions }: NoticeScreenProps) {
  return (
    <AuthLayout title={title}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon variant="light" color={color} size="lg" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap="xs">{children}</Stack>
      </Group>
      {actions && (
        <Group grow preventGrowOverflow={false} wrap="wrap">
          {actions}
        </Group>
      )}
    </AuthLayout>
  );
}
