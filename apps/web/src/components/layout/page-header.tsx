import type { ReactNode } from "react";
import { Group, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons aligned to the title's right (below it on narrow screens). */
  actions?: ReactNode;
  /** Above the title, e.g. a link back. */
  above?: ReactNode;
}

export function PageHeader({ title, description, actions, above }: PageHeaderProps) {
  useDocumentTitle(`${title} · Netfleet`);
  return (
    <Stack gap="xs" mb="lg">
      {above}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
    </Stack>
  );
}
