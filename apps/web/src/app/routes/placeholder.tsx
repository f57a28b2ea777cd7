import { useTranslation } from "react-i18next";
import { RoutePage } from "../../components/layout/route-page";
import { EmptyState } from "../../components/ui/empty-state";
import { useCurrentRoute } from "../../lib/current-route";

/** A page of the route table whose capability this installation does not offer yet. */
export function Component() {
  const { t } = useTranslation("navigation");
  const { t: tr } = useTranslation("routes");
  const { route } = useCurrentRoute();
  const title = route ? tr(route.name, { defaultValue: route.title }) : "";
  return (
    <RoutePage>
      <EmptyState title={t("emptyTitle", { defaultValue: "Nothing to show yet" })}>
        {t("emptyText", { title, defaultValue: "{{title}} has no data on this installation yet." })}
      </EmptyState>
    </RoutePage>
  );
}
