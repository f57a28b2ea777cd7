import { isCancelledRequest } from "./http";

/**
 * Loads what an edit form starts from (edit-automation, edit-task-group): the data, or
 * an empty object when the load fails, so the form opens empty instead of not at all
 * (FM-ERR-023/024). A cancelled load (the page was left) is passed on: nobody waits for it.
 */
export async function loadEditFormData<T extends object>(
  fetch: () => Promise<T>,
): Promise<T | Record<string, never>> {
  try {
    return await fetch();
  } catch (error) {
    if (isCancelledRequest(error)) throw error;
    return {};
  }
}
