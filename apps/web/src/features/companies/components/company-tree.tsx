import { type KeyboardEvent, type ReactNode, useId, useMemo } from "react";
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Text,
  Tree,
  type TreeNodeData,
  useTree,
} from "@mantine/core";
import { IconBuilding, IconChevronRight, IconRouter, IconUsers } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { Link, useNavigate } from "../../../lib/router";
import { buildPath, routeByName } from "@netfleet/contracts/routes";
import type { CompanyListItem } from "@netfleet/contracts/schemas/companies";
import { EmptyState } from "../../../components/ui/empty-state";
import { useCompanyTree } from "../api/company-tree";
import { type CompanyNode, companyForest } from "../company-hierarchy";
import classes from "./company-tree.module.css";
import { LoadFailed } from "../../../components/ui/load-failed";

const companyInfo = routeByName("company.info");

/** The page of a company. */
export function companyPath(id: number): string {
  return companyInfo ? buildPath(companyInfo, { company_id: id }) : `/companies/${id}`;
}

function toTreeData(nodes: readonly CompanyNode[]): TreeNodeData[] {
  return nodes.map(({ company, children }) => ({
    value: String(company.id),
    label: company.name,
    children: toTreeData(children),
  }));
}

function Count({ icon, label, count }: { icon: ReactNode; label: string; count: number }) {
  return (
    <Badge
      variant="light"
      color="gray"
      radius="sm"
      leftSection={icon}
      aria-label={label}
      title={label}
    >
      {count}
    </Badge>
  );
}

function CompanyTreeNodes({ rows }: { rows: readonly CompanyListItem[] }) {
  const { t } = useTranslation("companies");
  const navigate = useNavigate();
  const idPrefix = useId();
  const byId = useMemo(() => new Map(rows.map((row) => [String(row.id), row])), [rows]);
  const forest = useMemo(() => companyForest(rows), [rows]);
  const data = useMemo(() => toTreeData(forest), [forest]);
  // The user's own company (or the top-level ones) opens on its subsidiaries.
  const tree = useTree({
    initialExpandedState: Object.fromEntries(forest.map((n) => [String(n.company.id), true])),
  });

  // Enter opens the focused company, as a link would; the arrows and Space are the tree's.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== "Enter") return;
    const item = (event.target as HTMLElement).closest<HTMLElement>("[role=treeitem]");
    const value = item?.dataset.value;
    if (!value) return;
    event.preventDefault();
    void navigate(companyPath(Number(value)));
  };

  return (
    <Paper withBorder p="xs">
      <Group justify="flex-end" gap="xs" mb="xs">
        <Button variant="subtle" size="compact-sm" onClick={tree.expandAllNodes}>
          {t("expandAll")}
        </Button>
        <Button variant="subtle" size="compact-sm" onClick={tree.collapseAllNodes}>
          {t("collapseAll")}
        </Button>
      </Group>
      <Tree
        data={data}
        tree={tree}
        aria-label={t("tree")}
        levelOffset="lg"
        onKeyDown={onKeyDown}
        renderNode={({ node, expanded, hasChildren, elementProps }) => {
          const company = byId.get(node.value);
          if (!company) return null;
          const rowId = `${idPrefix}-${company.id}`;
          return (
            <div
              {...elementProps}
              id={rowId}
              className={`${elementProps.className} ${classes.row}`}
              // A tree item is named by its own row, not by the subsidiaries nested in it.
              ref={(row) => row?.parentElement?.setAttribute("aria-labelledby", rowId)}
            >
              {hasChildren ? (
                <IconChevronRight
                  size={16}
                  className={classes.chevron}
                  data-expanded={expanded || undefined}
                  aria-hidden
                />
              ) : (
                <span className={classes.chevron} aria-hidden />
              )}
              <Text size="sm" c="dimmed" ff="monospace" aria-hidden>
                #{company.id}
              </Text>
              <Anchor
                component={Link}
                to={companyPath(company.id)}
                size="sm"
                fw={500}
                className={classes.name}
                // The tree item holds the focus; Enter on it opens the company.
                tabIndex={-1}
                onClick={(event) => event.stopPropagation()}
              >
                {company.name || "—"}
              </Anchor>
              <Group gap={6} wrap="nowrap">
                <Count
                  icon={<IconRouter size={12} aria-hidden />}
                  label={t("devicesCount", { count: company.devices_count })}
                  count={company.devices_count}
                />
                <Count
                  icon={<IconUsers size={12} aria-hidden />}
                  label={t("usersCount", { count: company.users_count })}
                  count={company.users_count}
                />
              </Group>
            </div>
          );
        }}
      />
    </Paper>
  );
}

/**
 * The user's whole company tree with each company's device and user counts. It works from
 * the keyboard as a tree does: arrows move and open or close branches, Enter opens a company.
 */
export function CompanyTree() {
  const { t } = useTranslation("companies");
  const tree = useCompanyTree();

  if (tree.isError) {
    return (
      <LoadFailed title={t("treeLoadFailed")} error={tree.error} onRetry={() => tree.refetch()} />
    );
  }
  if (!tree.data) {
    return (
      <Paper withBorder p="md" role="status" aria-label={t("treeLoading")}>
        {[40, 32, 36, 28].map((width, i) => (
          <Skeleton key={width} height={14} width={`${width}%`} ml={i === 0 ? 0 : "lg"} mb="md" />
        ))}
      </Paper>
    );
  }
  if (tree.data.length === 0) {
    return (
      <EmptyState title={t("treeEmptyTitle")} icon={<IconBuilding size={26} stroke={1.6} />}>
        {t("treeEmptyText")}
      </EmptyState>
    );
  }
  return <CompanyTreeNodes rows={tree.data} />;
}
