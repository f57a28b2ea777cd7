import type { ImpersonableUser, ImpersonationLog } from "@netfleet/contracts/schemas/impersonation";
import type { ImpersonableUserRow, ImpersonationLogRow } from "./impersonation.repo";

export function presentImpersonationLog({
  log,
  companyName,
}: ImpersonationLogRow): ImpersonationLog {
  return {
    id: log.id,
    operator_id: log.operatorId,
    operator_email: log.operatorEmail,
    target_id: log.targetId,
    target_email: log.targetEmail,
    company_id: log.targetCompanyId,
    company_name: companyName,
    started_at: log.startedAt.toISOString(),
    ended_at: log.endedAt?.toISOString() ?? null,
    end_reason: log.endReason,
  };
}

export function presentImpersonableUser(row: ImpersonableUserRow): ImpersonableUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    company_id: row.companyId,
    company_name: row.companyName,
    role_title: row.roleTitle,
    // The query keeps only users whose limit lies in the future.
    impersonation_access_limit: row.limit?.toISOString() ?? "",
  };
}
