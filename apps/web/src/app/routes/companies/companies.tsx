import { Button, Group } from "@mantine/core";
import { IconBinaryTree2 } from "@tabler/icons-react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "../../../lib/router";
import { buildPath, routeByName } from "@netfleet/contracts/routes";
import { RoutePage } from "../../../components/layout/route-page";
import { NewCompanyButton } from "../../../features/companies/components/company-actions";
import { CompaniesList } from "../../../features/companies/components/companies-list";

const treeRoute = routeByName("company.tree");

export function Component() {
  const { t } = useTranslation("companies");
  return (
    <RoutePage
      actions={
        <Group gap="xs">
          {treeRoute && (
            <Button
              component={Link}
              to={buildPath(treeRoute)}
              variant="default"
              leftSection={<IconBinaryTree2 size={16} aria-hidden />}
            >
              {t("treeView")}
            </Button>
          )}
          <NewCompanyButton />
        </Group>
      }
    >
      <CompaniesList />
    </RoutePage>
  );
}
