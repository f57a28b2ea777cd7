import type { ReactNode } from "react";
import { Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}

/** A calm, centred message where a list or page has nothing to show. */
export function EmptyState({ title, children, icon }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs" py="xl">
        <ThemeIcon variant="light" size={48} radius="xl" aria-hidden>
          {icon ?? <IconInbox size={26} stroke={1.6} />}
        </ThemeIcon>
        <Title order={2} fz="h4" ta="center">
          {title}
        </Title>
        {children && (
          <Text c="dimmed" size="sm" ta="center" maw={440}>
            {children}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
