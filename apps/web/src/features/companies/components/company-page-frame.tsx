import type { ReactNode } from "react";
import { Paper, Skeleton } from "@mantine/core";
import { IconBuildingOff } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../../lib/i18n";
import { useNavigate, useParams } from "../../../lib/router";
import type { Company } from "@netfleet/contracts/schemas/companies";
import { buildPath, routeByName } from "@netfleet/contracts/routes";
import { useBreadcrumbLabel } from "../../../components/layout/breadcrumb-labels";
import { RoutePage } from "../../../components/layout/route-page";
import { EmptyState } from "../../../components/ui/empty-state";
import { toApiRequestError } from "../../../lib/http";
import { useSignedInUser } from "../../../lib/viewer";
import { companyQuery, useCompany } from "../api/get-company";
import { CompanyRowActions } from "./company-actions";
import { LoadFailed } from "../../../components/ui/load-failed";

/** The company id of the URL; NaN when it is not one. */
export function useCompanyId(): number {
  const { company_id: id } = useParams();
  return /^[1-9]\d{0,9}$/.test(id ?? "") ? Number(id) : Number.NaN;
}

function Description({ company }: { company: Company }) {
  const { t } = useTranslation("companies");
  if (!company.parent_name) return t("topLevel");
  return t("subsidiaryOf", { level: company.level, parent: company.parent_name });
}

/**
 * The frame of every tab of a company's page: the company's name as the title and in the
 * breadcrumbs, where it sits in the tree, its actions, then the tab's content. A company
 * outside the user's tree is not found, as one that does not exist.
 */
export function CompanyPageFrame({ children }: { children: (company: Company) => ReactNode }) {
  const { t } = useTranslation("companies");
  const id = useCompanyId();
  const query = useCompany(Number.isNaN(id) ? 0 : id);
  const company = Number.isNaN(id) ? undefined : query.data;
  const user = useSignedInUser();
  useBreadcrumbLabel("company.info", company?.name);

  if (Number.isNaN(id) || (query.isError && toApiRequestError(query.error).status === 404)) {
    return (
      <RoutePage>
        <EmptyState title={t("notFoundTitle")} icon={<IconBuildingOff size={26} stroke={1.6} />}>
          {t("notFoundText")}
        </EmptyState>
      </RoutePage>
    );
  }
  if (query.isError) {
    return (
      <RoutePage>
        <LoadFailed
          title={t("pageLoadFailed")}
          error={query.error}
          onRetry={() => query.refetch()}
        />
      </RoutePage>
    );
  }
  if (!company) {
    return (
      <RoutePage>
        <Paper withBorder p="md" role="status" aria-label={t("pageLoading")}>
          <Skeleton height={14} width="40%" mb="sm" />
          <Skeleton height={14} width="70%" mb="sm" />
          <Skeleton height={14} width="55%" />
        </Paper>
      </RoutePage>
    );
  }
  return (
    <RoutePage
      description={<Description company={company} />}
      actions={user && <PageActions company={company} />}
    >
      {children(company)}
    </RoutePage>
  );
}

const companiesRoute = routeByName("users.companies");

/** The row actions of the list, on the company's own page; deleting it goes back to the list. */
function PageActions({ company }: { company: Company }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <CompanyRowActions
      company={company}
      onDeleted={() => {
        // The page of a deleted company would only say "not found".
        queryClient.removeQueries({ queryKey: companyQuery(company.id).queryKey });
        void navigate(companiesRoute ? buildPath(companiesRoute) : "/companies");
      }}
    />
  );
}
