import type { SmtpTestBody } from "@netfleet/contracts/schemas/email-smtp";
import { http } from "../../../lib/http";

/**
 * Sends a test e-mail through the server in effect and waits for it: a refusal or a
 * connection error comes back as a failure carrying the mail server's own words.
 */
export async function sendTestEmail(body: SmtpTestBody): Promise<string | undefined> {
  const response = await http.post<{ message?: string }>("/api/email-smtp/test", body);
  return response.data.message;
}
