// The shell: sign-in, the bottom tab bar and a History-API router that renders one view at a time.
import { api, ApiError } from "./api.js";
import { clear, h } from "./dom.js";
import { errorText } from "./errors.js";
import { getLang, LANGUAGES, setLang, t } from "./i18n.js";
import { exerciseLibrary } from "./library.js";
import * as outbox from "./outbox.js";
import { getState, getToken, resetUser, setState, setToken } from "./store.js";
import { localeUnits, WEEKDAYS } from "./training.js";
import { renderCoach } from "./views/coach.js";
import { renderDayPage } from "./views/day.js";
import { renderMe } from "./views/me.js";
import { renderProgress } from "./views/progress.js";
import { renderSignIn } from "./views/signin.js";
import { renderToday } from "./views/today.js";
import { renderWeek } from "./views/week.js";
import { renderWorkout } from "./views/workout.js";

// The client's routes, declared once: the server reads the same file to serve the shell on each path.
import ROUTE_SPECS from "./routes.json" with { type: "json" };

/** @type {Record<string, import("./types").View>} */
const VIEWS = {
  coach: renderCoach,
  today: renderToday,
  week: renderWeek,
  progress: renderProgress,
  me: renderMe,
  workout: renderWorkout,
  day: renderDayPage,
};

/** A path's parameters ({day}) and the values they take. */
const PARAMS = { day: WEEKDAYS.join("|") };

/** @type {Array<{re: RegExp, tab: string, render: import("./types").View}>} */
const ROUTES = /** @type {import("./types").RouteSpec[]} */ (ROUTE_SPECS).map((spec) => ({
  re: new RegExp(`^${spec.path.replace(/\{(\w+)\}/g, (_, name) => `(${PARAMS[name]})`)}$`),
  tab: spec.tab,
  render: VIEWS[spec.view],
}));

/** The tab bar: one tab per route that is its tab's own page (/coach, /today, ...). */
const TABS = /** @type {import("./types").RouteSpec[]} */ (ROUTE_SPECS)
  .filter((spec) => spec.path === `/${spec.tab}`)
  .map((spec) => ({ id: spec.tab, path: spec.path }));

const view = document.getElementById("view");
const tabs = document.getElementById("tabs");
const status = document.getElementById("status");
let cleanup = null;
let renderSeq = 0;

/**
 * What every view shares, as `app`: the actions on the store (store.js holds the state: the user, their
 * units and language, the active plan) and navigation.
 */
export const app = {
  /** The signed-in user (GET /api/me), once this page has loaded it. */
  get user() {
    const state = getState();
    return state.userLoaded ? state.user : null;
  },

  /**
   * The weight unit shown: the server's (picked, or learned from the user's words); else a pick made
   * in this browser the server has not got; else the usual unit of the browser's locale (en-US → lb).
   */
  get units() {
    const state = getState();
    const known = state.user && state.user.settings && state.user.settings.units;
    return known || state.units || localeUnits(navigator.language);
  },

  navigate(path, { replace = false } = {}) {
    if (path !== location.pathname + location.search) history[replace ? "replaceState" : "pushState"]({}, "", path);
    route();
  },

  rerender() {
    route();
  },

  /** The active plan ({version, plan}) or null when the user has none yet; kept until invalidated. */
  async activePlan({ refresh = false } = {}) {
    const state = getState();
    if (state.plan !== undefined && !refresh) return state.plan;
    // Until a plan is known to exist, the version list (empty for a new user) answers first: a new
    // user's every page would otherwise log a 404 for GET /api/plan in the console.
    if (!state.planExists) {
      const versions = await api.planVersions();
      if (!versions.items.length) {
        setState({ plan: null, planExists: false });
        return null;
      }
    }
    try {
      const plan = await api.plan();
      setState({ plan, planExists: true });
      return plan;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
      setState({ plan: null, planExists: false });
      return null;
    }
  },

  invalidatePlan() {
    setState({ plan: undefined });
  },

  /** @param {"kg" | "lb"} units */
  async setUnits(units) {
    const user = getState().user;
    setState({ units, user: user ? { ...user, settings: { ...user.settings, units } } : user });
    try {
      await api.updateSettings({ units });
    } catch (err) {
      // Kept in this browser either way; the server copy follows the user to other devices.
      if (!(err instanceof ApiError)) throw err;
    }
  },

  /**
   * After a chat turn: while the user's unit is unknown the server may just have learned it from their
   * message ("dumbbells up to 22 kg"); true when it did, and the app now shows weights in it.
   * Once known the unit only changes by a pick, so nothing is asked then.
   */
  async refreshUnits() {
    const user = this.user;
    if (!user || (user.settings && user.settings.units)) return false;
    let me;
    try {
      me = await api.me();
    } catch (err) {
      if (err instanceof ApiError) return false;
      throw err;
    }
    const learned = me.settings && me.settings.units;
    if (!learned) return false;
    setState({ user: { ...user, settings: { ...user.settings, units: learned } } });
    return true;
  },

  /** The user's choice: shown now, and saved on the server so their other devices follow it. */
  async setLanguage(lang) {
    setLang(lang);
    renderTabs(currentTab());
    const user = getState().user;
    // Until the server has it, this choice beats the server's older one on the next sign-in.
    setState({ langUnsynced: lang, user: user ? { ...user, settings: { ...user.settings, language: lang } } : user });
    try {
      await api.updateSettings({ language: lang });
      setState({ langUnsynced: null });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  },

  /** Sign out here: the server revokes this device's token (best effort: offline, it just expires). */
  signOut() {
    if (getToken()) api.logout().catch(() => {});
    resetUser();
    this.navigate("/", { replace: true });
  },

  async signIn(token) {
    setToken(token);
    await loadUser();
    this.navigate("/coach", { replace: true });
  },

  /** A view's error, shown in place: signs out on 401, says "offline" when the server is unreachable. */
  errorBox(err) {
    if (err instanceof ApiError && err.status === 401) {
      this.signOut();
      return h("p.error", {}, t("error_signed_out"));
    }
    return h("p.error", { role: "alert" }, errorText(err));
  },
};

function currentTab() {
  const match = ROUTES.find((r) => r.re.test(location.pathname));
  return match ? match.tab : "coach";
}

function renderTabs(active) {
  clear(
    tabs,
    TABS.map((tab) =>
      h(
        "a.tab",
        { href: tab.path, "data-link": true, "aria-current": tab.id === active ? "page" : null, "data-tab": tab.id },
        h(`span.tab-icon.i-${tab.id}`, { "aria-hidden": "true" }),
        h("span.tab-label", {}, t(`tab_${tab.id}`)),
      ),
    ),
  );
}

/**
 * Who is signed in. The last answer is kept so the app still opens offline (a reload on the gym floor);
 * a server without /api/me (404) falls back to the preferences kept in this browser.
 */
async function loadUser() {
  let me;
  const cached = getState().user;
  try {
    me = await api.me();
  } catch (err) {
    if (err instanceof ApiError && err.offline && cached) me = cached;
    else if (err instanceof ApiError && err.status === 404) me = cached || { id: null, name: "", settings: {} };
    else throw err;
  }
  setState({ user: me, userLoaded: true });
  await syncLanguage();
}

/**
 * settings.language is null until the user picks one (this device then keeps the browser's language);
 * once picked it is followed on every device, except that a pick made here offline is sent first.
 */
async function syncLanguage() {
  const unsynced = getState().langUnsynced;
  if (unsynced) {
    try {
      setState({ user: await api.updateSettings({ language: unsynced }), langUnsynced: null });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Refused (a server without this language): drop it. Unreachable: keep it for next time.
      if (err.status >= 400 && err.status < 500) setState({ langUnsynced: null });
      return;
    }
  }
  const user = getState().user;
  const chosen = user.settings && user.settings.language;
  if (chosen in LANGUAGES && chosen !== getLang()) setLang(chosen);
}

async function route() {
  const seq = ++renderSeq;
  if (cleanup) cleanup();
  cleanup = null;
  if (!getToken()) {
    tabs.hidden = true;
    await renderSignIn(view, { app });
    return;
  }
  if (!app.user) {
    try {
      await loadUser();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setToken(null);
        return route();
      }
      clear(view, app.errorBox(err), h("button", { onclick: () => route() }, t("retry")));
      return;
    }
  }
  // Exercise names in the reader's language come from the library: read once, before the first view.
  await exerciseLibrary();
  if (location.pathname === "/") {
    history.replaceState({}, "", "/coach");
  }
  const match = ROUTES.find((r) => r.re.test(location.pathname)) || ROUTES[0];
  const params = location.pathname.match(match.re).slice(1);
  const query = Object.fromEntries(new URLSearchParams(location.search));
  tabs.hidden = false;
  renderTabs(match.tab);
  document.title = `fitcoach · ${t(`tab_${match.tab}`)}`;
  // Each render gets its own element: a slow render that finishes after the user moved on writes into
  // a detached node instead of over the page they are on now.
  const page = h("div.page", {}, h("p.muted.loading", {}, t("loading")));
  clear(view, page);
  window.scrollTo(0, 0);
  try {
    const result = await match.render(page, { app, params, query });
    if (typeof result === "function") {
      if (seq === renderSeq) cleanup = result;
      else result();
    }
  } catch (err) {
    if (seq === renderSeq) clear(page, app.errorBox(err));
  }
}

function showOutboxStatus() {
  const count = outbox.pending().length;
  status.textContent = count ? t("outbox_pending", { count }) : "";
  status.className = count ? "status warn" : "status";
}

document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[data-link]") : null;
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  app.navigate(link.getAttribute("href"));
});
window.addEventListener("popstate", () => route());

if ("serviceWorker" in navigator) {
  // Best effort: without it (plain http on a LAN address) the app works, it just can't open offline.
  navigator.serviceWorker
    .register("/sw.js")
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) => new URL(url).origin === location.origin && new URL(url).pathname.startsWith("/static/"));
      registration.active.postMessage({ type: "precache", urls });
    })
    .catch(() => {});
}
outbox.start(showOutboxStatus, () => (app.user ? app.user.id : null));
showOutboxStatus();
route();
