// Service worker: network first, cache as fallback, so the app still opens on the gym floor when the
// server is down (the workout itself lives in localStorage and the outbox). The API is never cached.
const CACHE = "fitcoach-shell-v1";
const SHELL = "/__shell__";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// The page sends what it loaded (the shell and every module): cached up front, so the first reload
// without a server already works, not only the second.
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "precache") event.waitUntil(precache(event.data.urls || []));
});

async function precache(urls) {
  const cache = await caches.open(CACHE);
  const shell = await fetch("/", { cache: "no-cache" });
  if (shell.ok) await cache.put(SHELL, shell);
  await Promise.all(urls.map((url) => cache.add(url).catch(() => undefined)));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  event.respondWith(networkFirst(request));
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  // Every client route serves the same index.html, so one cache entry covers them all.
  const key = request.mode === "navigate" ? SHELL : request;
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw err;
  }
}
