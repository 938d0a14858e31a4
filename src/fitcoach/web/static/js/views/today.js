// /today: the day's plan with supersets grouped and a button into the live workout.
import { ApiError, api } from "../api.js";
import { coachNote, dayBlocks, dayHeader } from "../dayview.js";
import { clear, h } from "../dom.js";
import { t } from "../i18n.js";
import { proposalCard } from "../proposal.js";
import { loadSession } from "../session.js";

export function noPlan() {
  return h(
    "section.card.empty",
    {},
    h("h2", {}, t("no_plan_title")),
    h("p", {}, t("no_plan_body")),
    h("a.button.primary", { href: "/coach", "data-link": true }, t("talk_to_coach")),
  );
}

/** suggested_edits as chips (R34) that open the chat and send their text with this page as context. */
export function editChips(texts, tab, weekday) {
  if (!texts || !texts.length) return null;
  return h(
    "div.chips",
    {},
    texts.map((text) => {
      const query = new URLSearchParams({ tab, ask: text });
      if (weekday) query.set("day", weekday);
      return h("a.chip", { href: `/coach?${query}`, "data-link": true }, text);
    }),
  );
}

/** The day page body shared by /today and /workouts/<day>. */
export function dayPage({ day, weekday, actions, tab = "today" }) {
  return h(
    "div.day-page",
    {},
    dayHeader(day, weekday),
    coachNote(day),
    actions,
    editChips(day && day.suggested_edits, tab, weekday),
    dayBlocks(day),
  );
}

export function workoutActions(day, weekday, { askLabel = "ask_coach_day", askTab = "today" } = {}) {
  const session = loadSession();
  const buttons = [];
  if (session && session.weekday === weekday) {
    buttons.push(h("a.button.primary.start", { href: "/workout/active", "data-link": true }, t("resume_workout")));
  } else if (day && !day.is_rest_day && day.status !== "completed") {
    buttons.push(h("a.button.primary.start", { href: `/workout/active?day=${weekday}`, "data-link": true }, t("start_workout")));
  }
  buttons.push(h("a.button.ghost", { href: `/coach?tab=${askTab}&day=${weekday}`, "data-link": true }, t(askLabel)));
  return h("div.actions", {}, buttons);
}

/** Next week as the program proposed it (issue 18): its card, with Accept Plan, above the day. */
async function programCards(app, root, onAccepted) {
  let staged;
  try {
    staged = (await api.stagedProposals()).items.filter((p) => p.type === "UPDATE_WEEK" && p.data && p.data.program);
  } catch {
    return; // the day is shown anyway; the Coach tab lists what is staged
  }
  if (!staged.length) return;
  const active = app ? await app.activePlan().catch(() => null) : null;
  const refresh = async () => {
    if (app) app.invalidatePlan();
    return app ? app.activePlan() : null;
  };
  const accepted = async () => {
    await refresh();
    await onAccepted();
  };
  root.prepend(...staged.map((proposal) => proposalCard(proposal, { activePlan: active, onStale: refresh, onAccepted: accepted })));
}

function todayBody(today) {
  return h(
    "div.today-body",
    {},
    today.not_updated ? h("p.warn.not-updated", { role: "status" }, t("plan_not_updated")) : null,
    dayPage({ day: today.day, weekday: today.weekday, actions: workoutActions(today.day, today.weekday) }),
  );
}

export async function renderToday(root, { app } = {}) {
  let today;
  try {
    today = await api.planToday();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return clear(root, noPlan());
    throw err;
  }
  let body = todayBody(today);
  clear(root, body);
  // Accepting next week redraws the day under the card; the card stays to say it was accepted.
  const redraw = async () => {
    const fresh = todayBody(await api.planToday());
    body.replaceWith(fresh);
    body = fresh;
  };
  await programCards(app, root, () => redraw().catch(() => undefined));
}
