import { Anchor, Text } from "@mantine/core";
import { type TFunction, useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { canOpenRoute } from "@netfleet/contracts/navigation";
import { buildPath, routeByName } from "@netfleet/contracts/routes";
import type { CompanyListItem as Company } from "@netfleet/contracts/schemas/companies";
import {
  type ListTableProps,
  SortableTable,
  type TableColumn,
} from "../../../components/ui/sortable-table";
import { formatDateTime } from "../../../lib/format";
import { useViewer } from "../../../lib/viewer";
import type { CompanySortKey } from "../api/list-companies";
import { CompanyRowActions, useHasCompanyActions } from "./company-actions";

const companyInfo = routeByName("company.info");

function CompanyName({ company, linked }: { company: Company; linked: boolean }) {
  const name = company.name || "—";
  if (!linked || !companyInfo) {
    return (
      <Text size="sm" fw={500}>
        {name}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={buildPath(companyInfo, { company_id: company.id })}
      size="sm"
      fw={500}
    >
      {name}
    </Anchor>
  );
}

function companyColumns(
  t: TFunction<"companies">,
  linked: boolean,
  withActions: boolean,
): TableColumn<Company, CompanySortKey>[] {
  const columns: TableColumn<Company, CompanySortKey>[] = [
    {
      id: "id",
      label: t("colId"),
      firstSort: "asc",
      render: (c) => (
        <Text size="sm" c="dimmed" ff="monospace">
          #{c.id}
        </Text>
      ),
    },
    {
      id: "name",
      label: t("colName"),
      firstSort: "asc",
      render: (c) => <CompanyName company={c} linked={linked} />,
    },
    // The server orders parents by id, which keeps siblings together.
    {
      id: "parent_id",
      label: t("colParent"),
      firstSort: "asc",
      render: (c) => c.parent_name ?? "—",
    },
    { id: "level", label: t("colLevel"), firstSort: "asc", render: (c) => c.level },
    {
      id: "device_count",
      label: t("colDevices"),
      firstSort: "desc",
      render: (c) => c.devices_count,
    },
    { id: "users_count", label: t("colUsers"), firstSort: "desc", render: (c) => c.users_count },
    {
      id: "created_at",
      label: t("colCreated"),
      firstSort: "desc",
      render: (c) => formatDateTime(c.created_at),
    },
  ];
  if (withActions) {
    columns.push({
      id: "actions",
      label: t("colActions"),
      render: (c) => <CompanyRowActions company={c} />,
    });
  }
  return columns;
}

export function CompaniesTable(props: ListTableProps<Company, CompanySortKey>) {
  const { t } = useTranslation("companies");
  const viewer = useViewer();
  // Names link to the company's page for those who may open it.
  const linked = !!viewer && !!companyInfo && canOpenRoute(companyInfo, viewer);
  const withActions = useHasCompanyActions();
  return (
    <SortableTable
      {...props}
      label={t("table")}
      columns={companyColumns(t, linked, withActions)}
      minWidth={withActions ? 960 : 860}
    />
  );
}
