import { Alert, Center, Loader, Paper } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../lib/i18n";
import { useNavigate, useParams, useSearchParams } from "../../lib/router";
import { FORM_ROUTES } from "@netfleet/contracts/routes";
import { RoutePage } from "../../components/layout/route-page";
import { useBreadcrumbLabel } from "../../components/layout/breadcrumb-labels";
import { DialogFrame } from "../../components/ui/dialog/dialog-frame";
import { EmptyState } from "../../components/ui/empty-state";
import type { FormSchema } from "../../components/ui/form/form-types";
import { SchemaForm } from "../../components/ui/form/schema-form";
import { type FormLoader, registeredForm } from "../form-registry";

/** Above the console's header, as a floating dialog would be. */
const MOBILE_SHEET_Z_INDEX = 150;

function useFormSchema(name: string, id: string | undefined, loader: FormLoader | undefined) {
  return useQuery<FormSchema>({
    queryKey: ["forms", name, id ?? null],
    queryFn: async () => (await loader!())({ id }),
    enabled: loader !== undefined,
    // A schema holds functions and nodes: it is built once per visit and never compared.
    staleTime: Infinity,
    structuralSharing: false,
    retry: false,
  });
}

/**
 * `/forms/{name}/{id?}`: the form named in the path, in the page, or as the mobile dialog
 * layout with `?platform=mobile` (FM-DIALOG-026). The guard has already checked the form's
 * own permission. Success goes back one history step unless the schema says to stay
 * (FM-SUBMIT-009/010); forms not built yet say so.
 */
export function Component() {
  const { t } = useTranslation("navigation");
  const { t: tr } = useTranslation("routes");
  const { name = "", id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const known = Object.hasOwn(FORM_ROUTES, name);
  const loader = known ? registeredForm(name) : undefined;
  const schema = useFormSchema(name, id, loader);
  const title = known ? tr(`form.${name}`, { defaultValue: name }) : name;
  useBreadcrumbLabel("form", title);

  if (!loader) {
    return (
      <RoutePage>
        <EmptyState title={known ? t("unavailableTitle") : t("emptyTitle")}>
          {known ? t("unavailableText", { title }) : t("unknownForm", { name })}
        </EmptyState>
      </RoutePage>
    );
  }

  const body = schema.isError ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {t("formLoadFailed")}
    </Alert>
  ) : schema.data ? (
    <SchemaForm schema={schema.data} onRoute routeId={id} />
  ) : (
    <Center py="xl">
      <Loader size="sm" aria-label={title} />
    </Center>
  );

  if (params.get("platform") === "mobile") {
    return (
      <DialogFrame
        title={title}
        helpLinkKey={schema.data?.helpLinkKey}
        mobile
        zIndex={MOBILE_SHEET_Z_INDEX}
        onClose={() => void navigate(-1)}
      >
        {body}
      </DialogFrame>
    );
  }
  return (
    <RoutePage>
      <Paper withBorder p={{ base: "md", sm: "lg" }} maw={640}>
        {body}
      </Paper>
    </RoutePage>
  );
}
