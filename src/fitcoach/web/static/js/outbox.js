// Finished workouts wait here until the server answers 2xx: a logged set is never lost (issue 7 §4).
import { api, ApiError } from "./api.js";
import { getState, setState } from "./store.js";

const RETRY_MS = 4000;
let flushing = null;
let listener = () => {};
let timer = null;

export const pending = () => getState().outbox || [];

/** Queue a log under its idempotency key; queuing the same key twice keeps one entry. */
export function enqueue({ key, body, userId }) {
  const items = pending().filter((item) => item.key !== key);
  items.push({ key, body, userId, attempts: 0, lastError: null, queuedAt: new Date().toISOString() });
  setState({ outbox: items });
  listener();
}

/** A log the server refused (a 4xx other than auth, timeout or rate limit) will never go through by retrying. */
export const isRejected = (item) =>
  item.lastStatus >= 400 && item.lastStatus < 500 && ![401, 408, 429].includes(item.lastStatus);

/** Drop a queued log; only offered for rejected ones, whose retries cannot succeed. */
export function discard(key) {
  setState({ outbox: pending().filter((item) => item.key !== key) });
  listener();
}

function update(key, change) {
  setState({ outbox: pending().map((item) => (item.key === key ? { ...item, ...change } : item)) });
}

/**
 * Send every queued log once, in order. The server deduplicates by Idempotency-Key, so a log whose
 * answer was lost in transit is simply sent again; it is removed only on a 2xx.
 */
export function flush(userId, { includeRejected = false } = {}) {
  if (flushing) return flushing;
  flushing = (async () => {
    const sent = [];
    for (const item of pending()) {
      if (userId && item.userId && item.userId !== userId) continue;
      // A refused log is tried again once per app start (the server may have been upgraded), not every tick.
      if (isRejected(item) && !includeRejected) continue;
      try {
        const stored = await api.logWorkout(item.body, item.key);
        setState({ outbox: pending().filter((other) => other.key !== item.key) });
        sent.push(stored);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        update(item.key, { attempts: item.attempts + 1, lastError: err.code, lastStatus: err.status });
        if (err.offline) break;
      }
    }
    return sent;
  })().finally(() => {
    flushing = null;
    listener();
  });
  return flushing;
}

/** Retry in the background while anything waits; `onChange` redraws the status line. */
export function start(onChange, userIdOf = () => null) {
  listener = onChange;
  let first = true;
  const tick = () => {
    if (pending().length) flush(userIdOf(), { includeRejected: first }).catch(() => {});
    first = false;
  };
  if (timer) clearInterval(timer);
  timer = setInterval(tick, RETRY_MS);
  window.addEventListener("online", tick);
  tick();
}
