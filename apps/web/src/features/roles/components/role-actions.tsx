import { ActionIcon, Button, Center, Group, Loader, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import { hasPermission } from "@netfleet/contracts/permissions";
import type { Role } from "@netfleet/contracts/schemas/roles";
import { closeDialog, openDialog, openPrompt } from "../../../components/ui/dialog/dialog-store";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { failureMessage } from "../../../components/ui/form/result-messages";
import { SchemaForm } from "../../../components/ui/form/schema-form";
import { isCancelledRequest } from "../../../lib/http";
import { useSignedInUser } from "../../../lib/viewer";
import { deleteRole } from "../api/delete-role";
import { useRole } from "../api/get-role";
import { rolesQueryKey } from "../api/list-roles";
import { editRoleForm, newRoleForm } from "../role-form";
import { RoleLoadFailed } from "./role-load-failed";

/** Creating, changing and deleting custom roles all need `create_roles`. */
export function useCanManageRoles(): boolean {
  const me = useSignedInUser();
  return me !== undefined && hasPermission(me.permissions, "create_roles");
}

export function openNewRole() {
  openDialog({
    id: "new-role",
    title: i18n.t("roles:newRole"),
    form: newRoleForm(),
    helpLinkKey: "users.roles",
    size: "lg",
  });
}

/** The edit form starts from the role's current permissions, so it loads them first. */
function EditRoleBody({ roleId, ...dialog }: { roleId: number } & DialogBodyProps) {
  const { t } = useTranslation("roles");
  const role = useRole(roleId);
  if (role.isError) return <RoleLoadFailed error={role.error} />;
  if (!role.data) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t("loadingRole")} />
      </Center>
    );
  }
  return <SchemaForm schema={editRoleForm(role.data)} dialog={dialog} />;
}

export function openEditRole(role: Pick<Role, "id" | "name">) {
  openDialog<{ roleId: number }>({
    id: `edit-role-${role.id}`,
    title: i18n.t("roles:editTitle", { name: role.name }),
    component: EditRoleBody,
    props: { roleId: role.id },
    helpLinkKey: "users.roles",
    size: "lg",
  });
}

/** Asks before deleting a custom role; the server refuses while anyone holds it. */
export function openDeleteRole(role: Pick<Role, "id" | "name">, queryClient: QueryClient) {
  void openPrompt({
    id: `delete-role-${role.id}`,
    title: i18n.t("roles:deleteTitle", { name: role.name }),
    message: i18n.t("roles:deleteText"),
    confirmText: i18n.t("roles:delete"),
    confirmColor: "red",
    helpLinkKey: "users.roles",
    onConfirm: async () => {
      try {
        const message = await deleteRole(role.id);
        notifications.show({ color: "teal", message: message ?? i18n.t("roles:deleted") });
        closeDialog(`role-${role.id}`);
      } catch (error) {
        if (isCancelledRequest(error)) return;
        const item = i18n.t("roles:item");
        notifications.show({
          color: "red",
          message: failureMessage(error, { item, verb: "delete" }),
        });
      }
      await queryClient.invalidateQueries({ queryKey: rolesQueryKey });
    },
  });
}

/** The "New role" button of the roles page, for users who may create roles. */
export function NewRoleButton() {
  const { t } = useTranslation("roles");
  if (!useCanManageRoles()) return null;
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNewRole}>
      {t("newRole")}
    </Button>
  );
}

/** Edit and Delete of a custom role; the fixed roles cannot be changed. */
export function RoleRowActions({ role }: { role: Role }) {
  const { t } = useTranslation("roles");
  const queryClient = useQueryClient();
  if (role.isDefault) return null;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t("editNamed", { name: role.name })} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t("editNamed", { name: role.name })}
          onClick={() => openEditRole(role)}
        >
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("deleteNamed", { name: role.name })} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t("deleteNamed", { name: role.name })}
          onClick={() => openDeleteRole(role, queryClient)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
