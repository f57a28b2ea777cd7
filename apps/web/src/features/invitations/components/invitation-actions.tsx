import { useState } from "react";
import { ActionIcon, Button, Group, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconMailForward, IconMailPlus, IconX } from "@tabler/icons-react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import { hasPermission } from "@netfleet/contracts/permissions";
import type { Invitation } from "@netfleet/contracts/schemas/invitations";
import { openDialog, openPrompt } from "../../../components/ui/dialog/dialog-store";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { failureMessage } from "../../../components/ui/form/result-messages";
import { SchemaForm } from "../../../components/ui/form/schema-form";
import { isCancelledRequest } from "../../../lib/http";
import { useSignedInUser } from "../../../lib/viewer";
import { invitationsQueryKey } from "../api/list-invitations";
import { resendInvitation } from "../api/resend-invitation";
import { revokeInvitation } from "../api/revoke-invitation";
import { type InviteCompany, inviteUserForm } from "../invite-form";

/** Whether the signed-in user may invite, resend and revoke. */
export function useCanInvite(): boolean {
  const me = useSignedInUser();
  return me !== undefined && hasPermission(me.permissions, "create_user_invitations");
}

/** The invite form, rebuilt for the company chosen so that its roles follow it. */
export function InviteUserBody({
  company,
  ...dialog
}: { company: InviteCompany } & DialogBodyProps) {
  const [companyId, setCompanyId] = useState(company.id);
  const schema = inviteUserForm({ ...company, id: companyId }, setCompanyId);
  return <SchemaForm schema={schema} dialog={dialog} />;
}

/** Opens "Invite user", in a given company when a company's page opens it. */
export function openInviteUser(company: InviteCompany = { id: null }) {
  openDialog<{ company: InviteCompany }>({
    id: "invite-user",
    title: i18n.t("invitations:inviteTitle"),
    component: "invite-user",
    props: { company },
    helpLinkKey: "users.invitations",
  });
}

/** The "Invite user" button of a page, for users who may invite. */
export function InviteUserButton({ company }: { company?: InviteCompany }) {
  const { t } = useTranslation("invitations");
  if (!useCanInvite()) return null;
  return (
    <Button
      leftSection={<IconMailPlus size={16} aria-hidden />}
      onClick={() => openInviteUser(company)}
    >
      {t("invite")}
    </Button>
  );
}

/** Runs one row action, tells how it went and reloads the list. */
async function act(
  run: () => Promise<string | undefined>,
  verb: "send" | "delete",
  done: string,
  queryClient: QueryClient,
) {
  try {
    const message = await run();
    notifications.show({ color: "teal", message: message ?? done });
  } catch (error) {
    if (!isCancelledRequest(error)) {
      const item = i18n.t("invitations:item");
      notifications.show({ color: "red", message: failureMessage(error, { item, verb }) });
    }
  } finally {
    await queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
  }
}

export function openRevokeInvitation(invitation: Invitation, queryClient: QueryClient) {
  void openPrompt({
    id: `revoke-invitation-${invitation.id}`,
    title: i18n.t("invitations:revokeTitle", { email: invitation.email }),
    message: i18n.t("invitations:revokeText"),
    confirmText: i18n.t("invitations:revoke"),
    confirmColor: "red",
    helpLinkKey: "users.invitations",
    onConfirm: () =>
      act(
        () => revokeInvitation(invitation.id),
        "delete",
        i18n.t("invitations:revoked"),
        queryClient,
      ),
  });
}

/** Resend and Revoke of one invitation: both only while it can still be used. */
export function InvitationRowActions({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation("invitations");
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const open = invitation.status === "pending" || invitation.status === "expired";
  if (!open) return null;
  const resend = () => {
    setSending(true);
    void act(
      () => resendInvitation(invitation.id),
      "send",
      t("resent", { email: invitation.email }),
      queryClient,
    ).finally(() => setSending(false));
  };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t("resendNamed", { email: invitation.email })} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          loading={sending}
          aria-label={t("resendNamed", { email: invitation.email })}
          onClick={resend}
        >
          <IconMailForward size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("revokeNamed", { email: invitation.email })} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t("revokeNamed", { email: invitation.email })}
          onClick={() => openRevokeInvitation(invitation, queryClient)}
        >
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
