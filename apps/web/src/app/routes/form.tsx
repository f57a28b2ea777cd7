import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { FORM_ROUTES } from "@netfleet/contracts/routes";
import { RoutePage } from "../../components/layout/route-page";
import { EmptyState } from "../../components/ui/empty-state";
import { useBreadcrumbLabel } from "../../components/layout/breadcrumb-labels";

/**
 * `/forms/{name}/{id?}`: the form named in the path. The guard has already checked the
 * form's own permission; forms register here as their capabilities arrive.
 */
export function Component() {
  const { t } = useTranslation("navigation");
  const { t: tr } = useTranslation("routes");
  const { name = "" } = useParams();
  const known = Object.hasOwn(FORM_ROUTES, name);
  const title = known ? tr(`form.${name}`, { defaultValue: name }) : name;
  useBreadcrumbLabel("form", title);
  return (
    <RoutePage>
      <EmptyState title={t("emptyTitle", { defaultValue: "Nothing to show yet" })}>
        {known
          ? t("emptyText", {
              title,
              defaultValue: "{{title}} has no data on this installation yet.",
            })
          : t("unknownForm", { name, defaultValue: "There is no form called “{{name}}”." })}
      </EmptyState>
    </RoutePage>
  );
}
