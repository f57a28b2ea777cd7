import type { ReactNode } from "react";
import { Anchor, Checkbox, Group, Paper, SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { API_SCOPE_RESOURCES, type ApiScope } from "@netfleet/contracts/scopes";
import { SCOPE_RESOURCE_LABEL_KEYS } from "../scope-labels";

interface ScopeCheckboxGridProps {
  value: ApiScope[];
  onChange: (value: ApiScope[]) => void;
  error?: ReactNode;
}

const ALL_READ = API_SCOPE_RESOURCES.map((r) => `${r}:read` as const);

/** One row per resource with its read and write scopes; each row is a labelled group. */
export function ScopeCheckboxGrid({ value, onChange, error }: ScopeCheckboxGridProps) {
  const { t } = useTranslation("account");
  return (
    <Checkbox.Group
      label={t("scopes")}
      description={t("scopesHint")}
      value={value}
      onChange={onChange}
      error={error}
      required
    >
      <Group gap="md" mt={6} mb="xs">
        <Anchor component="button" type="button" size="sm" onClick={() => onChange(ALL_READ)}>
          {t("selectAllRead")}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => onChange([])}>
          {t("clear")}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
        {API_SCOPE_RESOURCES.map((resource) => {
          const label = t(SCOPE_RESOURCE_LABEL_KEYS[resource]);
          return (
            <Paper key={resource} withBorder px="sm" py={8} role="group" aria-label={label}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} truncate>
                  {label}
                </Text>
                <Group gap="md" wrap="nowrap">
                  <Checkbox value={`${resource}:read`} label={t("read")} size="sm" />
                  <Checkbox value={`${resource}:write`} label={t("write")} size="sm" />
                </Group>
              </Group>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
