import { Text } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { RoutePage } from "../../../components/layout/route-page";
import { NewCompanyButton } from "../../../features/companies/components/company-actions";
import { CompanyTree } from "../../../features/companies/components/company-tree";

export function Component() {
  const { t } = useTranslation("companies");
  return (
    <RoutePage actions={<NewCompanyButton />} description={<Text size="sm">{t("treeHint")}</Text>}>
      <CompanyTree />
    </RoutePage>
  );
}
