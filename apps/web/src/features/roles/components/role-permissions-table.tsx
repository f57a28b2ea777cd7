import { Badge, Group, Table, Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { PERMISSIONS, isPermission } from "@netfleet/contracts/permissions";
import { PERMISSION_CATEGORIES } from "@netfleet/contracts/schemas/roles";
import type { I18nResources } from "../../../lib/i18n-resources";

const CATEGORY_ORDER = [...Object.keys(PERMISSION_CATEGORIES), "other"];
const PERMISSION_ORDER = Object.keys(PERMISSIONS);

/** The permissions by the catalogue's category, in its order; unknown names under "other". */
export function groupByCategory(names: readonly string[]): { category: string; names: string[] }[] {
  const groups = new Map<string, string[]>();
  const sorted = [...new Set(names)].sort(
    (a, b) => PERMISSION_ORDER.indexOf(a) - PERMISSION_ORDER.indexOf(b) || a.localeCompare(b),
  );
  for (const name of sorted) {
    const category = isPermission(name) ? PERMISSIONS[name].group : "other";
    groups.set(category, [...(groups.get(category) ?? []), name]);
  }
  return CATEGORY_ORDER.filter((c) => groups.has(c)).map((category) => ({
    category,
    names: groups.get(category)!,
  }));
}

/** What a role grants, one section per category of the permission catalogue. */
export function RolePermissionsTable({ permissions }: { permissions: readonly string[] }) {
  const { t } = useTranslation("roles");
  const { t: tp } = useTranslation("permissions");
  const groups = groupByCategory(permissions);
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("noPermissions")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table verticalSpacing={6} aria-label={t("permissionsTable")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("colPermission")}</Table.Th>
            <Table.Th>{t("colPermissionKey")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {groups.map(({ category, names }) => (
          <Table.Tbody key={category}>
            <Table.Tr bg="var(--mantine-color-default-hover)">
              <Table.Th colSpan={2} scope="colgroup">
                <Group gap="xs">
                  <span>{tp(`group.${category}` as keyof I18nResources["permissions"])}</span>
                  <Badge size="xs" variant="light" color="gray">
                    {names.length}
                  </Badge>
                </Group>
              </Table.Th>
            </Table.Tr>
            {names.map((name) => (
              <Table.Tr key={name}>
                <Table.Td>{tp(`permission.${name}`, { defaultValue: name })}</Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {name}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        ))}
      </Table>
    </Table.ScrollContainer>
  );
}
