import type { Messages } from "./define-messages";

/** Every namespace in Japanese, by file: one chunk, fetched when the console speaks it. */
export const namespaces = import.meta.glob<Messages>("./ja/*.ts", {
  eager: true,
  import: "messages",
});
