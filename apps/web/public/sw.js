/* global self, caches */
/*
 * The console's service worker. It exists for two reasons: a registered worker makes the
 * console installable as an app, and it is the place where a page load without a network
 * is handled. Pages and the build's files are kept, so that an offline start still shows
 * the console's own offline page rather than the browser's error. Calls to the API and the
 * account service, and version.json, always go to the network and are never stored.
 *
 * start-up registers it as /sw.js?build=<build timestamp>: each build gets its own cache,
 * and the caches of older builds are removed when it activates.
 */
const BUILD = new URL(self.location.href).searchParams.get("build") ?? "unversioned";
const CACHE_PREFIX = "netfleet-shell-";
const CACHE = `${CACHE_PREFIX}${BUILD}`;
// Every console page is the same index.html; it is kept under one key.
const SHELL = "/";
// Navigations that are not console pages.
const NOT_PAGES = /^\/(api|metrics|healthz|socket\.io)(\/|$)/;

async function precacheShell() {
  const response = await fetch(SHELL, { cache: "no-cache" });
  if (!response.ok) return;
  const html = await response.clone().text();
  const cache = await caches.open(CACHE);
  await cache.put(SHELL, response);
  // The entry script, its preloaded chunks and styles, as index.html names them.
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await cache.addAll(assets);
  // Each language is a chunk of its own, fetched when the console speaks it: an offline
  // start needs the user's. The scripts just stored name them.
  const scripts = await Promise.all(
    assets.filter((a) => a.endsWith(".js")).map(async (a) => (await cache.match(a))?.text() ?? ""),
  );
  const languages = scripts.flatMap((text) =>
    [...text.matchAll(/messages-[a-z]+-[\w-]+\.js/g)].map((m) => `/assets/${m[0]}`),
  );
  await cache.addAll([...new Set(languages)]);
}

self.addEventListener("install", (event) => {
  // A failed precache must not keep the worker from installing: it only weakens offline start.
  event.waitUntil(precacheShell().catch(() => undefined));
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

async function pageFromNetworkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(SHELL, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(SHELL);
    if (cached) return cached;
    throw error;
  }
}

// Built files are named by their content: a stored copy is always the right one.
async function assetFromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && !NOT_PAGES.test(url.pathname)) {
    event.respondWith(pageFromNetworkFirst(request));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(assetFromCacheFirst(request));
  }
});
