import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import { type Role, displayRoleName } from "@netfleet/contracts/schemas/roles";
import { openDialog } from "../../../components/ui/dialog/dialog-store";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { formatDateTime } from "../../../lib/format";
import { useRole } from "../api/get-role";
import { openDeleteRole, openEditRole, useCanManageRoles } from "./role-actions";
import { RoleLoadFailed } from "./role-load-failed";
import { RolePermissionsTable } from "./role-permissions-table";
import { Fact } from "../../../components/ui/fact";

/** Opens one role with what it grants; several roles can be open side by side. */
export function openRole(role: Pick<Role, "id" | "name">) {
  openDialog<{ roleId: number }>({
    id: `role-${role.id}`,
    title: displayRoleName(role.name),
    subtitle: i18n.t("roles:roleSubtitle"),
    component: "role-permissions-table",
    props: { roleId: role.id },
    helpLinkKey: "users.roles",
    size: "lg",
    fullScreenControl: true,
  });
}

/** A role's name, title, company and description over its permissions table. */
export function RoleDialogBody({ roleId }: { roleId: number } & DialogBodyProps) {
  const { t } = useTranslation("roles");
  const role = useRole(roleId);
  const canManage = useCanManageRoles();
  const queryClient = useQueryClient();
  if (role.isError) return <RoleLoadFailed error={role.error} />;
  if (!role.data) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t("loadingRole")} />
      </Center>
    );
  }
  const r = role.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" component="dl" m={0}>
        <Fact label={t("colName")}>{r.name}</Fact>
        <Fact label={t("colTitle")}>{r.title}</Fact>
        <Fact label={t("colCompany")}>{r.company_name ?? t("everyCompany")}</Fact>
        <Fact label={t("colType")}>
          <Badge variant="light" size="sm" color={r.isDefault ? "gray" : "blue"}>
            {r.isDefault ? t("typeFixed") : t("typeCustom")}
          </Badge>
        </Fact>
        <Fact label={t("colUsers")}>{r.users_count}</Fact>
        <Fact label={t("colUpdated")}>{formatDateTime(r.updated_at)}</Fact>
      </SimpleGrid>
      {r.description && <Text size="sm">{r.description}</Text>}
      {canManage && !r.isDefault && (
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => openEditRole(r)}
          >
            {t("edit")}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => openDeleteRole(r, queryClient)}
          >
            {t("delete")}
          </Button>
        </Group>
      )}
      <Stack gap="xs">
        <Title order={3} fz="sm">
          {t("permissionsHeading", { total: r.permissions.length })}
        </Title>
        <RolePermissionsTable permissions={r.permissions} />
      </Stack>
    </Stack>
  );
}
