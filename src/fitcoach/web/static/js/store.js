// The client's state in one store: what survives a reload (the token, the user and their preferences,
// the live workout, the outbox) is one localStorage entry; what only lives as long as the page (the
// active plan read from the server) sits beside it. Modules read with getState() and change with
// setState(); subscribers hear every change.

/**
 * @typedef {object} Kept kept across reloads, in one localStorage entry
 * @property {string | null} token
 * @property {{id: string | null, name: string, settings: {units?: "kg" | "lb" | null, language?: string | null}} | null} user
 *   the last answer of GET /api/me, so the app opens offline
 * @property {"kg" | "lb" | null} units a pick made in this browser the server has not got yet
 * @property {string | null} lang the language shown in this browser
 * @property {string | null} langUnsynced a language picked offline, sent on the next sign-in
 * @property {any} session the live workout
 * @property {any[]} outbox finished workouts waiting for a 2xx
 */

/**
 * @typedef {object} Live this page's only
 * @property {{version: number, plan: any} | null | undefined} plan the active plan; undefined: not read yet
 * @property {boolean} planExists whether the user is known to have a plan (a new user asks nothing that 404s)
 * @property {boolean} userLoaded whether this page has asked the server who is signed in
 */

/** @typedef {Kept & Live} State */

const KEY = "fitcoach.state";
/** Older releases kept one localStorage entry per field ("fitcoach.token", ...): read once, then removed. */
const LEGACY_PREFIX = "fitcoach.";

/** @type {Kept} */
const KEPT_DEFAULTS = { token: null, user: null, units: null, lang: null, langUnsynced: null, session: null, outbox: [] };
const KEPT_FIELDS = /** @type {(keyof Kept)[]} */ (Object.keys(KEPT_DEFAULTS));

/** @type {Live} */
let live = { plan: undefined, planExists: false, userLoaded: false };
/** @type {Set<(state: State) => void>} */
const listeners = new Set();

/** @returns {Kept} */
function readKept() {
  let raw;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return { ...KEPT_DEFAULTS };
  }
  if (raw !== null) {
    try {
      return { ...KEPT_DEFAULTS, ...JSON.parse(raw) };
    } catch {
      return { ...KEPT_DEFAULTS };
    }
  }
  /** @type {Record<string, unknown>} */
  const migrated = { ...KEPT_DEFAULTS };
  for (const field of KEPT_FIELDS) {
    const old = localStorage.getItem(LEGACY_PREFIX + field);
    if (old === null) continue;
    try {
      migrated[field] = JSON.parse(old);
    } catch {
      /* unreadable: the default stays */
    }
  }
  const kept = /** @type {Kept} */ (migrated);
  writeKept(kept);
  for (const field of KEPT_FIELDS) localStorage.removeItem(LEGACY_PREFIX + field);
  return kept;
}

/** @param {Kept} kept */
function writeKept(kept) {
  try {
    localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    /* storage full or refused (private mode): the page keeps working, a reload forgets */
  }
}

/**
 * The whole state. Kept fields are read from storage each time: another tab of the app (a workout
 * finished there) changes them too.
 * @returns {State}
 */
export function getState() {
  return { ...readKept(), ...live };
}

/**
 * Change some fields; kept ones are written at once (read, changed, written in one go, so another
 * tab's change to a different field survives).
 * @param {Partial<State>} patch
 */
export function setState(patch) {
  /** @type {Partial<Record<string, unknown>>} */
  const keptPatch = {};
  /** @type {Partial<Record<string, unknown>>} */
  const livePatch = {};
  for (const [field, value] of Object.entries(patch)) {
    if (field in KEPT_DEFAULTS) keptPatch[field] = value === undefined ? KEPT_DEFAULTS[field] : value;
    else livePatch[field] = value;
  }
  if (Object.keys(keptPatch).length) writeKept({ ...readKept(), ...keptPatch });
  if (Object.keys(livePatch).length) live = { ...live, ...livePatch };
  const state = getState();
  for (const listener of listeners) listener(state);
}

/**
 * @param {(state: State) => void} listener
 * @returns {() => void} unsubscribe
 */
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Signing out forgets the user's data in this browser; the language shown stays. */
export function resetUser() {
  setState({ token: null, user: null, units: null, langUnsynced: null, plan: undefined, planExists: false, userLoaded: false });
}

export const getToken = () => getState().token;
/** @param {string | null} token */
export const setToken = (token) => setState({ token });

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
