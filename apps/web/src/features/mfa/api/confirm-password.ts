import type { PasswordConfirmationBody } from "@netfleet/contracts/schemas/mfa";
import { http } from "../../../lib/http";

/**
 * `POST /api/password-confirmation` (forms §7): confirms the session's password so the
 * call that got a 423 can be retried. A wrong password answers 422 with source `password`.
 */
export async function confirmPassword(body: PasswordConfirmationBody): Promise<void> {
  await http.post("/api/password-confirmation", body, { keepOnRouteChange: true });
}
