import { RoutePage } from "../../components/layout/route-page";
import { CompaniesList } from "../../features/companies/components/companies-list";

export function Component() {
  return (
    <RoutePage>
      <CompaniesList />
    </RoutePage>
  );
}
