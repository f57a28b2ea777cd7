import { ActionIcon, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconArrowsExchange, IconDots, IconShieldCog, IconTrash } from "@tabler/icons-react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import { type Permission, hasPermission } from "@netfleet/contracts/permissions";
import { closeDialog, openDialog, openPrompt } from "../../../components/ui/dialog/dialog-store";
import { failureMessage, successMessage } from "../../../components/ui/form/result-messages";
import { isCancelledRequest } from "../../../lib/http";
import { useSignedInUser } from "../../../lib/viewer";
import { deleteUser } from "../api/delete-user";
import { usersQueryKey } from "../api/list-users";
import { type UserRef, editUserRoleForm, moveUserForm } from "../user-forms";

/** What the signed-in user may do to `target`: nothing to their own account from here. */
export function useUserPermissions(target?: { id: number }) {
  const me = useSignedInUser();
  const can = (permission: Permission) =>
    me !== undefined && me.id !== target?.id && hasPermission(me.permissions, permission);
  return { update: can("update_users"), remove: can("delete_users") };
}

export function openEditUserRole(user: UserRef) {
  openDialog({
    id: `edit-user-role-${user.id}`,
    title: i18n.t("users:editRoleTitle", { email: user.email }),
    form: editUserRoleForm(user),
    helpLinkKey: "users.table",
  });
}

export function openMoveUser(user: UserRef) {
  openDialog({
    id: `move-users-${user.id}`,
    title: i18n.t("users:moveTitle", { email: user.email }),
    form: moveUserForm(user),
    helpLinkKey: "users.table",
  });
}

/** Asks before deleting a user; the user's dialog, if open, closes with the user. */
export function openDeleteUser(user: UserRef, queryClient: QueryClient) {
  const item = i18n.t("users:item");
  void openPrompt({
    id: `delete-user-${user.id}`,
    title: i18n.t("users:deleteTitle", { email: user.email }),
    message: i18n.t("users:deleteText", { email: user.email }),
    confirmText: i18n.t("users:delete"),
    confirmColor: "red",
    helpLinkKey: "users.table",
    onConfirm: async () => {
      try {
        await deleteUser(user.id);
      } catch (error) {
        // Closing the password confirmation is the user's choice, not a failure (FM-423-006).
        if (!isCancelledRequest(error)) {
          notifications.show({
            color: "red",
            message: failureMessage(error, { item, verb: "delete" }),
          });
        }
        return;
      }
      notifications.show({ color: "teal", message: successMessage(item, "delete") });
      closeDialog(`user-${user.id}`);
      await queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}

/** The menu of one row: change role, move, delete, each only for those who may. */
export function UserRowActions({ user }: { user: UserRef }) {
  const { t } = useTranslation("users");
  const allowed = useUserPermissions(user);
  const queryClient = useQueryClient();
  if (!allowed.update && !allowed.remove) return null;
  return (
    <Menu position="bottom-end" withinPortal hideDetached={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t("actionsFor", { email: user.email })}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {allowed.update && (
          <>
            <Menu.Item
              leftSection={<IconShieldCog size={16} aria-hidden />}
              onClick={() => openEditUserRole(user)}
            >
              {t("editRole")}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowsExchange size={16} aria-hidden />}
              onClick={() => openMoveUser(user)}
            >
              {t("moveToCompany")}
            </Menu.Item>
          </>
        )}
        {allowed.remove && (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => openDeleteUser(user, queryClient)}
          >
            {t("delete")}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
