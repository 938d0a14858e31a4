// Browser-side persistence: the token, preferences, and the live workout that must survive a reload.
const PREFIX = "fitcoach.";

export function load(key, fallback = null) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

export function save(key, value) {
  if (value === null || value === undefined) localStorage.removeItem(PREFIX + key);
  else localStorage.setItem(PREFIX + key, JSON.stringify(value));
}

export const getToken = () => load("token");
export const setToken = (token) => save("token", token);

/** A random id for idempotency keys; crypto.randomUUID needs a secure context, which plain http lacks. */
export function newId() {
  if (globalThis.crypto && crypto.randomUUID) {
    try {
      return crypto.randomUUID();
    } catch {
      /* not a secure context: fall through */
    }
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
