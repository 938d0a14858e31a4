// Every call the client makes to the JSON API lives here, so a renamed route is a one-line fix.
import { getToken } from "./store.js";

/** An API failure: `status` 0 means the server could not be reached at all. */
export class ApiError extends Error {
  constructor(status, code, message, details = null) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.details = details;
  }
  get offline() {
    return this.status === 0;
  }
}

/**
 * @typedef {object} RequestOptions
 * @property {unknown} [body] sent as JSON
 * @property {Record<string, unknown>} [query] null and undefined values are left out
 * @property {Record<string, string>} [headers]
 * @property {boolean} [auth] send the stored token (default true)
 */

/**
 * @param {string} method
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<any>}
 */
async function request(method, path, { body, query, headers = {}, auth = true } = {}) {
  let url = path;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    if (qs) url += `?${qs}`;
  }
  /** @type {{method: string, headers: Record<string, string>, body?: string}} */
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (auth) {
    const token = getToken();
    if (token) init.headers.Authorization = `Bearer ${token}`;
  }
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    throw new ApiError(0, "network", String(err && err.message ? err.message : err));
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    // A body that is not our JSON error (a proxy's HTML page) is never shown as text.
    throw new ApiError(response.status, error.code || `http_${response.status}`, error.message || `HTTP ${response.status}`, error.details);
  }
  return data;
}

const enc = encodeURIComponent;

export const api = {
  health: () => request("GET", "/api/health", { auth: false }),
  authOptions: () => request("GET", "/api/auth/options", { auth: false }),
  login: ({ login, password, deviceName }) =>
    request("POST", "/api/auth/login", { auth: false, body: { login, password, device_name: deviceName } }),
  signup: ({ username, email, password, deviceName }) =>
    request("POST", "/api/auth/signup", {
      auth: false,
      body: { username, email: email || null, password, device_name: deviceName },
    }),
  authDefault: () => request("POST", "/api/auth/default", { auth: false }),
  logout: () => request("POST", "/api/auth/logout"),
  tokens: () => request("GET", "/api/me/tokens"),
  revokeToken: (id) => request("DELETE", `/api/me/tokens/${enc(id)}`),
  me: () => request("GET", "/api/me"),
  updateSettings: (settings) => request("PATCH", "/api/me", { body: { settings } }),

  chat: ({ message, activeTab, selectedDay }) =>
    request("POST", "/api/coach/chat", {
      body: { message, active_tab: activeTab, selected_day: selectedDay || null },
    }),
  stagedProposals: () => request("GET", "/api/coach/proposals", { query: { status: "staged" } }),
  acceptProposal: (id) => request("POST", `/api/coach/proposals/${enc(id)}/accept`),
  dismissProposal: (id) => request("POST", `/api/coach/proposals/${enc(id)}/dismiss`),
  chatHistory: (/** @type {{limit?: number, before?: string}} */ { limit = 20, before = undefined } = {}) => request("GET", "/api/coach/history", { query: { limit, before } }),

  plan: () => request("GET", "/api/plan"),
  planToday: () => request("GET", "/api/plan/today"),
  planVersions: () => request("GET", "/api/plan/versions"),
  revertPlan: (toVersion) => request("POST", "/api/plan/revert", { body: { to_version: toVersion } }),

  memory: () => request("GET", "/api/memory"),
  forgetMemory: (id) => request("DELETE", `/api/memory/${enc(id)}`),
  forgetAllMemory: () => request("DELETE", "/api/memory"),

  nextTime: () => request("GET", "/api/workouts/next-time"),
  logWorkout: (body, idempotencyKey) =>
    request("POST", "/api/workouts/log", { body, headers: { "Idempotency-Key": idempotencyKey } }),
  workouts: ({ limit = 20, offset = 0 } = {}) => request("GET", "/api/workouts", { query: { limit, offset } }),

  exerciseHistory: (slug, limitSessions = 10) =>
    request("GET", "/api/analytics/exercise-history", {
      query: { exercise_slug: slug, limit_sessions: limitSessions },
    }),
  volumeTrends: (muscleGroup, weeksBack = 8) =>
    request("GET", "/api/analytics/volume-trends", { query: { muscle_group: muscleGroup, weeks_back: weeksBack } }),
  prs: (slug) => request("GET", `/api/analytics/prs/${enc(slug)}`),
  exercises: () => request("GET", "/api/exercises").then((r) => (Array.isArray(r) ? r : r.items)),
};
