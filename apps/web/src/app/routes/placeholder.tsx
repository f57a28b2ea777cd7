import { IconHourglass } from "@tabler/icons-react";
import { useTranslation } from "../../lib/i18n";
import { RoutePage } from "../../components/layout/route-page";
import { EmptyState } from "../../components/ui/empty-state";
import { useCurrentRoute } from "../../lib/current-route";

/**
 * A page of the route table whose capability this version does not have yet. It says so
 * rather than "no data": the data may well exist, only its page is not built.
 */
export function Component() {
  const { t } = useTranslation("navigation");
  const { t: tr } = useTranslation("routes");
  const { route } = useCurrentRoute();
  const title = route ? tr(route.name, { defaultValue: route.title }) : "";
  return (
    <RoutePage>
      <EmptyState
        title={t("unavailableTitle", { defaultValue: "Not available yet" })}
        icon={<IconHourglass size={26} stroke={1.6} />}
      >
        {t("unavailableText", {
          title,
          defaultValue: "{{title}} is not available in this version of Netfleet yet.",
        })}
      </EmptyState>
    </RoutePage>
  );
}
