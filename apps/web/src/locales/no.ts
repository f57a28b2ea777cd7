import type { Messages } from "./define-messages";

/** Every namespace in Norwegian, by file: one chunk, fetched when the console speaks it. */
export const namespaces = import.meta.glob<Messages>("./no/*.ts", {
  eager: true,
  import: "messages",
});
