import type { Messages } from "./define-messages";

/** Every namespace in English, by file: one chunk, fetched when the console speaks it. */
export const namespaces = import.meta.glob<Messages>("./en/*.ts", {
  eager: true,
  import: "messages",
});
