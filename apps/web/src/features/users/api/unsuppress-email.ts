import type { z } from "zod";
import type { suppressedEmailParamsSchema } from "@netfleet/contracts/schemas/users";
import { http } from "../../../lib/http";

/**
 * Lets mail go to an address again after a message to it failed for good (super
 * administrators only, D13); confirmed first as `removeUserMfa` is.
 */
export async function unsuppressEmail({
  email,
}: z.infer<typeof suppressedEmailParamsSchema>): Promise<string | undefined> {
  const response = await http.delete<{ message?: string }>(
    `/api/suppressed-emails/${encodeURIComponent(email)}`,
  );
  return response.data.message;
}
