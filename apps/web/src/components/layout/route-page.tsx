import type { ReactNode } from "react";
import { Anchor, Breadcrumbs, Tabs, Text } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import { Link, useNavigate } from "../../lib/router";
import type { RouteSpec } from "@netfleet/contracts/routes";
import { useCurrentRoute } from "../../lib/current-route";
import { useViewer } from "../../lib/viewer";
import { useBreadcrumbLabels } from "./breadcrumb-labels";
import { PageHeader } from "./page-header";
import { pageModel } from "./route-page-model";

interface RoutePageProps {
  children: ReactNode;
  actions?: ReactNode;
  description?: ReactNode;
}

/**
 * The frame of every page in the route table: breadcrumbs, the title, the tab bars of the
 * routes above it, then the page's own content.
 */
export function RoutePage({ children, actions, description }: RoutePageProps) {
  const { t } = useTranslation("navigation");
  const { t: tr } = useTranslation("routes");
  const { route, params } = useCurrentRoute();
  const viewer = useViewer();
  const labels = useBreadcrumbLabels();
  const navigate = useNavigate();
  if (!route) return <>{children}</>;

  const label = (r: RouteSpec) => labels[r.name] ?? tr(r.name, { defaultValue: r.title });
  const model = pageModel(route, params, viewer, label);

  const above =
    model.crumbs.length > 1 ? (
      <nav aria-label={t("breadcrumbs", { defaultValue: "Breadcrumbs" })}>
        <Breadcrumbs separatorMargin={6}>
          {model.crumbs.map((crumb) =>
            crumb.to ? (
              <Anchor key={crumb.name} component={Link} to={crumb.to} size="sm">
                {crumb.title}
              </Anchor>
            ) : (
              <Text
                key={crumb.name}
                size="sm"
                c="dimmed"
                aria-current={crumb === model.crumbs.at(-1) ? "page" : undefined}
              >
                {crumb.title}
              </Text>
            ),
          )}
        </Breadcrumbs>
      </nav>
    ) : undefined;

  return (
    <>
      <PageHeader title={model.title} above={above} actions={actions} description={description} />
      {model.tabBars.map((bar) => (
        <Tabs
          key={bar.host}
          value={bar.active}
          onChange={(value) => {
            const tab = bar.tabs.find((x) => x.name === value);
            if (tab) void navigate(tab.to);
          }}
          mb="lg"
          variant={bar === model.tabBars[0] ? "default" : "pills"}
        >
          <Tabs.List aria-label={t("tabs", { defaultValue: "Sections" })}>
            {bar.tabs.map((tab) => (
              <Tabs.Tab key={tab.name} value={tab.name}>
                {tab.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ))}
      {children}
    </>
  );
}
