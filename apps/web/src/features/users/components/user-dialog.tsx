import { Alert, Anchor, Button, Center, Group, Loader, SimpleGrid, Stack } from "@mantine/core";
import { IconAlertCircle, IconArrowsExchange, IconShieldCog, IconTrash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import { hasPermission } from "@netfleet/contracts/permissions";
import { displayRoleName } from "@netfleet/contracts/schemas/roles";
import type { User } from "@netfleet/contracts/schemas/users";
import { openDialog } from "../../../components/ui/dialog/dialog-store";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { formatDateTime } from "../../../lib/format";
import { toApiRequestError } from "../../../lib/http";
import { useSignedInUser } from "../../../lib/viewer";
import { useUser } from "../api/get-user";
import type { UserRef } from "../user-forms";
import { openDeleteUser, openEditUserRole, openMoveUser, useUserPermissions } from "./user-actions";
import { TwoFactorBadge } from "./two-factor-badge";
import { Fact } from "../../../components/ui/fact";

/** Opens one user in a dialog of their own; several users can be open side by side. */
export function openUser(user: { id: number; email: string }) {
  openDialog<UserDialogProps>({
    id: `user-${user.id}`,
    title: user.email,
    subtitle: i18n.t("users:userSubtitle"),
    component: "user-info",
    props: { userId: user.id },
    helpLinkKey: "users.table",
  });
}

/** The user's role with what it grants, in the roles page's own dialog. */
function openRoleOf(user: User) {
  openDialog<{ roleId: number }>({
    id: `role-${user.role_id}`,
    title: displayRoleName(user.role),
    subtitle: i18n.t("users:roleSubtitle"),
    component: "role-permissions-table",
    props: { roleId: user.role_id },
    helpLinkKey: "users.roles",
    size: "lg",
  });
}

export function toUserRef(user: User): UserRef {
  return {
    id: user.id,
    email: user.email,
    company_id: user.company_id,
    company_name: user.company_name,
    role_id: user.role_id,
    role_title: user.role,
  };
}

interface UserDialogProps {
  userId: number;
}

/** Who the user is, where they belong and what they may do, with the editor's actions. */
export function UserDialogBody({ userId }: UserDialogProps & DialogBodyProps) {
  const { t } = useTranslation("users");
  const user = useUser(userId);
  const allowed = useUserPermissions({ id: userId });
  const me = useSignedInUser();
  const canViewRoles = me !== undefined && hasPermission(me.permissions, "view_roles");
  const queryClient = useQueryClient();

  if (user.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={t("userLoadFailed")}
      >
        {toApiRequestError(user.error).message}
      </Alert>
    );
  }
  if (!user.data) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label={t("loadingUser")} />
      </Center>
    );
  }
  const u = user.data;
  const ref = toUserRef(u);
  const name = [u.first_name, u.last_name].filter(Boolean).join(" ");
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" component="dl" m={0}>
        <Fact label={t("colEmail")}>{u.email}</Fact>
        <Fact label={t("colName")}>{name || "—"}</Fact>
        <Fact label={t("colUsername")}>{u.username || "—"}</Fact>
        <Fact label={t("colCompany")}>{u.company_name}</Fact>
        <Fact label={t("colRole")}>
          {canViewRoles ? (
            <Anchor component="button" type="button" size="sm" onClick={() => openRoleOf(u)}>
              {displayRoleName(u.role)}
            </Anchor>
          ) : (
            displayRoleName(u.role)
          )}
        </Fact>
        <Fact label={t("colTwoFactor")}>
          <TwoFactorBadge type={u.mfa_type} />
        </Fact>
        <Fact label={t("colLastLogin")}>
          {u.last_login_at ? formatDateTime(u.last_login_at) : t("neverSignedIn")}
        </Fact>
        <Fact label={t("colCreated")}>{formatDateTime(u.created_at)}</Fact>
      </SimpleGrid>
      {(allowed.update || allowed.remove) && (
        <Group gap="sm">
          {allowed.update && (
            <>
              <Button
                variant="default"
                leftSection={<IconShieldCog size={16} aria-hidden />}
                onClick={() => openEditUserRole(ref)}
              >
                {t("editRole")}
              </Button>
              <Button
                variant="default"
                leftSection={<IconArrowsExchange size={16} aria-hidden />}
                onClick={() => openMoveUser(ref)}
              >
                {t("moveToCompany")}
              </Button>
            </>
          )}
          {allowed.remove && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => openDeleteUser(ref, queryClient)}
            >
              {t("delete")}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
