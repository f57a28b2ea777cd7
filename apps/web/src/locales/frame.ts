/**
 * The namespaces that start-up, the console's frame and the device list speak: a page load
 * fetches these first, in one chunk per language, and the others in a second chunk once the
 * page has shown. Every other page, and every part that loads when first opened, waits for
 * both (lib/i18n.ts). The bundler reads this list too, to put each namespace in its chunk.
 */
export const FRAME_NAMESPACES: readonly string[] = [
  "account",
  "add-device",
  "common",
  "devices",
  "dialogs",
  "http",
  "impersonation",
  "lists",
  "mfa",
  "navigation",
  "notices",
  "notifications",
  "onboarding",
  "routes",
  "search",
  "startup",
  "user-menu",
];
