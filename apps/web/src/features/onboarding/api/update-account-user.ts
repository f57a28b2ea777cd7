import { useMutation } from "@tanstack/react-query";
import type { UpdateAccountUserBody } from "@netfleet/contracts/schemas/account";
import { http } from "../../../lib/http";

/** Records terms acceptance (`{tos_accepted}`) or a new e-mail address (`{email}`). */
export async function updateAccountUser(body: UpdateAccountUserBody): Promise<void> {
  await http.put("/account/user", body);
}

export function useUpdateAccountUser() {
  return useMutation({ mutationFn: updateAccountUser });
}
