/**
 * Full-page navigations and reloads go through this object so that tests can observe
 * them: jsdom implements neither, nor lets `window.location` be replaced.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

/**
 * Returns `target` when it stays on this origin (a path, or an absolute URL with this
 * origin), otherwise `fallback`. A server-provided redirect is still checked here so that
 * a forged `location` can never send a signed-in user to another site.
 */
export function sameOriginTarget(target: string | null | undefined, fallback: string): string {
  if (!target) return fallback;
  // "//host" and "/\host" are protocol-relative URLs to another host, not paths.
  if (target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\")) {
    return target;
  }
  try {
    const url = new URL(target);
    return url.origin === window.location.origin ? url.href : fallback;
  } catch {
    return fallback;
  }
}
