import type { ReactNode } from "react";
import { Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { deriveUserFields } from "@netfleet/contracts/user-fields";
import type { CompanyListItem } from "@netfleet/contracts/schemas/companies";
import type { DialogBodyProps } from "../../../components/ui/dialog/dialog-types";
import { SchemaForm } from "../../../components/ui/form/schema-form";
import { useSignedInUser } from "../../../lib/viewer";
import { useCompanyTree } from "../api/company-tree";
import { moveCompanyForm, newCompanyForm } from "../company-forms";
import { LoadFailed } from "../../../components/ui/load-failed";

/** The company forms choose among the user's whole tree: they wait for it, or say it failed. */
function WithCompanyTree({ children }: { children: (rows: CompanyListItem[]) => ReactNode }) {
  const { t } = useTranslation("companies");
  const tree = useCompanyTree();
  if (tree.isError) {
    return (
      <LoadFailed title={t("treeLoadFailed")} error={tree.error} onRetry={() => tree.refetch()} />
    );
  }
  if (!tree.data) {
    return (
      <Stack gap="sm" role="status" aria-label={t("treeLoading")}>
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  return children(tree.data);
}

/** The body of the New company dialog. */
export function NewCompanyBody(dialog: DialogBodyProps) {
  const user = useSignedInUser();
  return (
    <WithCompanyTree>
      {(rows) => (
        <SchemaForm
          dialog={dialog}
          schema={newCompanyForm({
            rows,
            paymentControl: user ? deriveUserFields(user).show_payment_control : false,
            parentId: user?.company.id,
          })}
        />
      )}
    </WithCompanyTree>
  );
}

export interface MoveCompanyProps {
  company: CompanyListItem;
}

/** The body of a company's Move dialog. */
export function MoveCompanyBody({ company, ...dialog }: MoveCompanyProps & DialogBodyProps) {
  return (
    <WithCompanyTree>
      {(rows) => <SchemaForm dialog={dialog} schema={moveCompanyForm(company, rows)} />}
    </WithCompanyTree>
  );
}
