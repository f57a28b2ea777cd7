import type { CurrentUser } from "./schemas/users";

/** What the console derives from the current user (shell §3 "Current user"). */
export interface DerivedUserFields {
  company_name: string;
  company_id: number;
  role_title: string;
  /** Someone else is acting as this user: the access token names them in `act`. */
  isImpersonating: boolean;
  /** Payment controls are for top-level companies only (decision D14). */
  show_payment_control: boolean;
}

export function deriveUserFields(
  user: Pick<CurrentUser, "company" | "role" | "token">,
): DerivedUserFields {
  return {
    company_name: user.company.name,
    company_id: user.company.id,
    role_title: user.role.title,
    isImpersonating: user.token.act !== undefined,
    show_payment_control: user.company.level === 1,
  };
}
