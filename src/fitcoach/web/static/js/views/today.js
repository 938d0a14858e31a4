// /today: the day's plan with supersets grouped and a button into the live workout.
import { ApiError, api } from "../api.js";
import { coachNote, dayBlocks, dayHeader } from "../dayview.js";
import { clear, h } from "../dom.js";
import { formatDate, t, weekdayName } from "../i18n.js";
import { suggestedEdit } from "../plantext.js";
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
    texts.map(suggestedEdit).map((text) => {
      const query = new URLSearchParams({ tab, ask: text });
      if (weekday) query.set("day", weekday);
      return h("a.chip", { href: `/coach?${query}`, "data-link": true }, text);
    }),
  );
}

/** The day page body shared by /today and /workouts/<day>; `date` is the calendar day shown. */
export function dayPage({ day, weekday, actions, tab = "today", date = null, notice = null, doneLog = null }) {
  return h(
    "div.day-page",
    {},
    dayHeader(day, weekday, { date, doneLog }),
    notice,
    coachNote(day),
    actions,
    editChips(day && day.suggested_edits, tab, weekday),
    dayBlocks(day),
  );
}

export function workoutActions(day, weekday, { askLabel = "ask_coach_day", askTab = "today", done = false } = {}) {
  const session = loadSession();
  const buttons = [];
  if (session && session.weekday === weekday) {
    buttons.push(h("a.button.primary.start", { href: "/workout/active", "data-link": true }, t("resume_workout")));
  } else if (day && !day.is_rest_day && day.status !== "completed" && !done) {
    buttons.push(h("a.button.primary.start", { href: `/workout/active?day=${weekday}`, "data-link": true }, t("start_workout")));
  }
  buttons.push(h("a.button.ghost", { href: `/coach?tab=${askTab}&day=${weekday}`, "data-link": true }, t(askLabel)));
  return h("div.actions", {}, buttons);
}

/** Monday (ISO date) of the week holding `iso`, as the server counts weeks. */
export function mondayOf(iso) {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** The ISO date `days` days after `iso`. */
function addDays(iso, days) {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Logs by plan weekday for the week the user is training in: the plan's week, or, while the plan
 * starts later, the week just before it (a new user trains next Monday's plan ahead of time this
 * week). A plan staged further ahead (the program's next week accepted early) owns none of this
 * week's logs: they completed the plan it follows. Newest log per day.
 */
export async function doneThisWeek(plan, todayIso) {
  const start = plan.week_start_date > todayIso ? addDays(mondayOf(plan.week_start_date), -7) : plan.week_start_date;
  const endIso = addDays(start, 7);
  let page;
  try {
    page = await api.workouts({ limit: 20 });
  } catch (err) {
    if (err instanceof ApiError && err.offline) return {};
    throw err;
  }
  const done = {};
  for (const log of page.items) {
    const on = String(log.completed_at).slice(0, 10);
    if (on >= start && on < endIso && !done[log.plan_day]) done[log.plan_day] = log;
  }
  return done;
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

export async function renderToday(root, { app }) {
  if (!(await app.activePlan())) return clear(root, noPlan());
  let today;
  try {
    today = await api.planToday();
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return clear(root, noPlan());
    throw err;
  }
  // The plan may start next Monday: the page shows today's date, and says when the plan begins.
  const body = async (day) => {
    const active = await app.activePlan();
    const done = active ? await doneThisWeek(active.plan, day.date) : {};
    const doneLog = done[day.weekday] || null;
    const notice =
      !day.in_plan_week && active && active.plan.week_start_date > day.date
        ? h("p.card.notice.plan-starts", {}, t("plan_starts_on", { date: formatDate(active.plan.week_start_date, { weekday: "long", day: "numeric", month: "long" }), day: weekdayName(day.weekday) }))
        : null;
    return h(
      "div.today-body",
      {},
      day.not_updated ? h("p.warn.not-updated", { role: "status" }, t("plan_not_updated")) : null,
      dayPage({ day: day.day, weekday: day.weekday, date: day.date, notice, doneLog, actions: workoutActions(day.day, day.weekday, { done: Boolean(doneLog) }) }),
    );
  };
  let shown = await body(today);
  clear(root, shown);
  // Accepting next week redraws the day under the card; the card stays to say it was accepted.
  const redraw = async () => {
    app.invalidatePlan();
    const fresh = await body(await api.planToday());
    shown.replaceWith(fresh);
    shown = fresh;
  };
  await programCards(app, root, () => redraw().catch(() => undefined));
}
