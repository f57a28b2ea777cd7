import type { ReactNode } from "react";
import { Anchor, Checkbox, Group, Paper, SimpleGrid, Text } from "@mantine/core";
import { API_SCOPE_RESOURCES, type ApiScope } from "@netfleet/contracts/scopes";
import { SCOPE_RESOURCE_LABELS } from "../scope-labels";

interface ScopeCheckboxGridProps {
  value: ApiScope[];
  onChange: (value: ApiScope[]) => void;
  error?: ReactNode;
}

const ALL_READ = API_SCOPE_RESOURCES.map((r) => `${r}:read` as const);

/** One row per resource with its read and write scopes; each row is a labelled group. */
export function ScopeCheckboxGrid({ value, onChange, error }: ScopeCheckboxGridProps) {
  return (
    <Checkbox.Group
      label="Scopes"
      description="What the token may do. It can never do more than your role allows."
      value={value}
      onChange={onChange}
      error={error}
      required
    >
      <Group gap="md" mt={6} mb="xs">
        <Anchor component="button" type="button" size="sm" onClick={() => onChange(ALL_READ)}>
          Select all read
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => onChange([])}>
          Clear
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
        {API_SCOPE_RESOURCES.map((resource) => {
          const label = SCOPE_RESOURCE_LABELS[resource];
          return (
            <Paper key={resource} withBorder px="sm" py={8} role="group" aria-label={label}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} truncate>
                  {label}
                </Text>
                <Group gap="md" wrap="nowrap">
                  <Checkbox value={`${resource}:read`} label="Read" size="sm" />
                  <Checkbox value={`${resource}:write`} label="Write" size="sm" />
                </Group>
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
