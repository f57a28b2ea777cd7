import type { ReactNode } from "react";
import { ActionIcon, Button, Group, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications/store";
import { IconArrowsMove, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useTranslation, i18n } from "../../../lib/i18n";
import type { CompanyListItem as Company } from "@netfleet/contracts/schemas/companies";
import { openDialog, openPrompt } from "../../../components/ui/dialog/dialog-store";
import { failureMessage, successMessage } from "../../../components/ui/form/result-messages";
import { isCancelledRequest } from "../../../lib/http";
import { useCan, useSignedInUser } from "../../../lib/viewer";
import { deleteCompany } from "../api/delete-company";
import { HELP_KEY } from "../company-forms";
import { deleteRefusal } from "../company-messages";
import { companiesQueryKey } from "../api/list-companies";
import { MoveCompanyBody, type MoveCompanyProps, NewCompanyBody } from "./company-form-bodies";
import { RenameCompanyForm, type RenameCompanyProps } from "./rename-company-form";

export function openNewCompany() {
  openDialog({
    id: "new-company",
    title: i18n.t("companies:newCompany"),
    component: NewCompanyBody,
    helpLinkKey: HELP_KEY,
  });
}

export function openRenameCompany(company: RenameCompanyProps["company"]) {
  openDialog<RenameCompanyProps>({
    id: `rename-company-${company.id}`,
    title: i18n.t("companies:renameTitle", { name: company.name }),
    component: RenameCompanyForm,
    props: { company },
    helpLinkKey: HELP_KEY,
  });
}

export function openMoveCompany(company: Company) {
  openDialog<MoveCompanyProps>({
    id: `move-company-${company.id}`,
    title: i18n.t("companies:moveTitle", { name: company.name }),
    component: MoveCompanyBody,
    props: { company },
    helpLinkKey: HELP_KEY,
  });
}

/**
 * Asks before deleting a company. The server asks for the password (the HTTP client shows
 * that dialog) and refuses while the company has devices or users: its message says so.
 */
export function openDeleteCompany(
  company: Pick<Company, "id" | "name">,
  queryClient: QueryClient,
  onDeleted?: () => void,
) {
  const item = i18n.t("companies:item");
  void openPrompt({
    id: `delete-company-${company.id}`,
    title: i18n.t("companies:deleteTitle", { name: company.name }),
    message: i18n.t("companies:deleteText"),
    confirmText: i18n.t("companies:delete"),
    confirmColor: "red",
    helpLinkKey: HELP_KEY,
    onConfirm: async () => {
      try {
        await deleteCompany(company.id);
      } catch (error) {
        // Closing the password dialog cancels the call: nothing went wrong.
        if (isCancelledRequest(error)) return;
        notifications.show({
          color: "red",
          message: deleteRefusal(error) ?? failureMessage(error, { item, verb: "delete" }),
        });
        return;
      }
      notifications.show({ color: "teal", message: successMessage(item, "delete") });
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    },
  });
}

/** The New company button, for users who may create companies. */
export function NewCompanyButton() {
  const { t } = useTranslation("companies");
  const can = useCan();
  if (!can("create_companies")) return null;
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openNewCompany}>
      {t("newCompany")}
    </Button>
  );
}

/** Whether the row actions column has anything to show this user. */
export function useHasCompanyActions(): boolean {
  const can = useCan();
  return can("update_companies") || can("delete_companies");
}

/**
 * Rename, Move and Delete of one company, each shown only with its permission. The user's
 * own company is neither moved nor deleted from here: the server refuses both.
 */
export function CompanyRowActions({
  company,
  onDeleted,
}: {
  company: Company;
  /** After the company was deleted, e.g. to leave its page. */
  onDeleted?: () => void;
}) {
  const { t } = useTranslation("companies");
  const can = useCan();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const own = user?.company.id === company.id;
  const action = (label: string, icon: ReactNode, onClick: () => void, color = "gray") => (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {can("update_companies") &&
        action(t("renameNamed", { name: company.name }), <IconPencil size={16} />, () =>
          openRenameCompany(company),
        )}
      {can("update_companies") &&
        !own &&
        action(t("moveNamed", { name: company.name }), <IconArrowsMove size={16} />, () =>
          openMoveCompany(company),
        )}
      {can("delete_companies") &&
        !own &&
        action(
          t("deleteNamed", { name: company.name }),
          <IconTrash size={16} />,
          () => openDeleteCompany(company, queryClient, onDeleted),
          "red",
        )}
    </Group>
  );
}
