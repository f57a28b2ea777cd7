import { notifications } from "@mantine/notifications/store";
import type { QueryClient } from "@tanstack/react-query";
import { failureMessage, successMessage } from "../form/result-messages";
import { openPrompt } from "./dialog-store";

/**
 * Asks before deleting one item of a list, unless the user chose not to be asked again
 * (`reminderKey`); on yes, deletes it, says how that went and reloads the list.
 */
export function openDeletePrompt(options: {
  id: string;
  title: string;
  message: string;
  confirmText: string;
  reminderKey: string;
  helpLinkKey: string;
  /** The item's word in "<Item> deleted successfully". */
  item: string;
  remove: () => Promise<void>;
  queryClient: QueryClient;
  reloadKey: readonly unknown[];
}) {
  const { item, remove, queryClient, reloadKey, ...prompt } = options;
  void openPrompt({
    ...prompt,
    confirmColor: "red",
    onConfirm: async () => {
      try {
        await remove();
      } catch (error) {
        notifications.show({
          color: "red",
          message: failureMessage(error, { item, verb: "delete" }),
        });
        return;
      }
      notifications.show({ color: "teal", message: successMessage(item, "delete") });
      await queryClient.invalidateQueries({ queryKey: reloadKey });
    },
  });
}
