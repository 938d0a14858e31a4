// The shell: sign-in, the bottom tab bar and a History-API router that renders one view at a time.
import { api, ApiError } from "./api.js";
import { clear, h } from "./dom.js";
import { errorText } from "./errors.js";
import { getLang, LANGUAGES, setLang, t } from "./i18n.js";
import * as outbox from "./outbox.js";
import { getToken, load, save, setToken } from "./store.js";
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

/** State every view shares; views receive it as `app`. */
export const app = {
  user: null,
  units: localeUnits(navigator.language),
  planCache: undefined,
  planExists: false,

  navigate(path, { replace = false } = {}) {
    if (path !== location.pathname + location.search) history[replace ? "replaceState" : "pushState"]({}, "", path);
    route();
  },

  rerender() {
    route();
  },

  /** The active plan ({version, plan}) or null when the user has none yet; cached until invalidated. */
  async activePlan({ refresh = false } = {}) {
    if (this.planCache === undefined || refresh) {
      // Until a plan is known to exist, the version list (empty for a new user) answers first: a new
      // user's every page would otherwise log a 404 for GET /api/plan in the console.
      if (!this.planExists) {
        const versions = await api.planVersions();
        this.planExists = versions.items.length > 0;
        if (!this.planExists) return (this.planCache = null);
      }
      try {
        this.planCache = await api.plan();
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        this.planCache = null;
        this.planExists = false;
      }
    }
    return this.planCache;
  },

  invalidatePlan() {
    this.planCache = undefined;
  },

  async setUnits(units) {
    this.units = units;
    save("units", units);
    if (this.user) {
      this.user = { ...this.user, settings: { ...this.user.settings, units } };
      save("user", this.user);
    }
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
    if (!this.user || (this.user.settings && this.user.settings.units)) return false;
    let me;
    try {
      me = await api.me();
    } catch (err) {
      if (err instanceof ApiError) return false;
      throw err;
    }
    const learned = me.settings && me.settings.units;
    if (!learned) return false;
    this.user = { ...this.user, settings: { ...this.user.settings, units: learned } };
    save("user", this.user);
    this.units = learned;
    return true;
  },

  /** The user's choice: shown now, and saved on the server so their other devices follow it. */
  async setLanguage(lang) {
    setLang(lang);
    renderTabs(currentTab());
    if (this.user) {
      this.user = { ...this.user, settings: { ...this.user.settings, language: lang } };
      save("user", this.user);
    }
    // Until the server has it, this choice beats the server's older one on the next sign-in.
    save("langUnsynced", lang);
    try {
      await api.updateSettings({ language: lang });
      save("langUnsynced", null);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  },

  /** Sign out here: the server revokes this device's token (best effort: offline, it just expires). */
  signOut() {
    if (getToken()) api.logout().catch(() => {});
    setToken(null);
    save("user", null);
    save("langUnsynced", null);
    save("units", null);
    this.user = null;
    this.planExists = false;
    this.invalidatePlan();
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
  try {
    me = await api.me();
  } catch (err) {
    const cached = load("user");
    if (err instanceof ApiError && err.offline && cached) me = cached;
    else if (err instanceof ApiError && err.status === 404) me = cached || { id: null, name: "", settings: {} };
    else throw err;
  }
  app.user = me;
  await syncLanguage();
  save("user", app.user);
  app.units = userUnits(app.user);
}

/**
 * The server's units when known (picked, or learned from the user's words); else a pick made in this
 * browser the server has not got; else the usual unit of the browser's locale (en-US → lb, else kg).
 */
function userUnits(user) {
  const known = user && user.settings && user.settings.units;
  return known || load("units") || localeUnits(navigator.language);
}

/**
 * settings.language is null until the user picks one (this device then keeps the browser's language);
 * once picked it is followed on every device, except that a pick made here offline is sent first.
 */
async function syncLanguage() {
  const unsynced = load("langUnsynced");
  if (unsynced) {
    try {
      app.user = await api.updateSettings({ language: unsynced });
      save("langUnsynced", null);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Refused (a server without this language): drop it. Unreachable: keep it for next time.
      if (err.status >= 400 && err.status < 500) save("langUnsynced", null);
      return;
    }
  }
  const chosen = app.user.settings && app.user.settings.language;
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
