import type { ReactNode } from "react";
import { Group, Stack } from "@mantine/core";
import { useTranslation } from "../../../lib/i18n";
import { Navigate, useSearchParams } from "../../../lib/router";
import type { Company } from "@netfleet/contracts/schemas/companies";
import { CompanyPageFrame } from "../../../features/companies/components/company-page-frame";
import { DevicesList } from "../../../features/devices/components/devices-list";
import {
  InviteUserButton,
  useCanInvite,
} from "../../../features/invitations/components/invitation-actions";
import { InvitationsList } from "../../../features/invitations/components/invitations-list";
import { UnavailableTab } from "../../../features/devices/device-page/components/unavailable-tab";
import { TagsList } from "../../../features/tags/components/tags-list";
import { UsersList } from "../../../features/users/components/users-list";
import { useCurrentRoute } from "../../../lib/current-route";

/**
 * The device list keeps its filters in the URL: the company's devices are the list with its
 * company filter pinned to this company, put back whenever it is changed or cleared.
 */
function CompanyDevices({ companyId }: { companyId: number }) {
  const [params] = useSearchParams();
  if (params.get("company_id") !== String(companyId)) {
    const next = new URLSearchParams(params);
    next.set("company_id", String(companyId));
    return <Navigate to={{ search: next.toString() }} replace />;
  }
  return <DevicesList />;
}

/** The invitations to this company, and inviting someone into it, for those who may. */
function CompanyInvitations({ company }: { company: Company }) {
  const canInvite = useCanInvite();
  return (
    <Stack gap="md">
      {canInvite && (
        <Group justify="flex-end">
          <InviteUserButton company={{ id: company.id, fixedName: company.name }} />
        </Group>
      )}
      <InvitationsList companyId={company.id} />
    </Stack>
  );
}

type Tab = (company: Company) => ReactNode;

/** The tabs this version draws; the company page's other tabs say they are not available yet. */
const TABS: Readonly<Record<string, Tab>> = {
  "company.devices": (company) => <CompanyDevices companyId={company.id} />,
  "company.userstable": (company) => <UsersList companyId={company.id} />,
  "company.invitations": (company) => <CompanyInvitations company={company} />,
  "company.tags": (company) => <TagsList companyId={company.id} />,
};

/**
 * Every tab of a company's page: one component for all of them, so that moving between tabs
 * keeps the frame (the company, its name in the title) in place.
 */
export function Component() {
  const { t } = useTranslation("routes");
  const { route } = useCurrentRoute();
  const tab = route ? TABS[route.name] : undefined;
  return (
    <CompanyPageFrame>
      {(company) =>
        tab ? (
          tab(company)
        ) : (
          <UnavailableTab title={route ? t(route.name, { defaultValue: route.title }) : ""} />
        )
      }
    </CompanyPageFrame>
  );
}
