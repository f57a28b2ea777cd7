import type { Messages } from "./define-messages";

/** Every namespace in Ukrainian, by file: one chunk, fetched when the console speaks it. */
export const namespaces = import.meta.glob<Messages>("./uk/*.ts", {
  eager: true,
  import: "messages",
});
