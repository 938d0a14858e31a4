// /week: seven day cards with rest/completed states and the "modify week with coach" card.
import { dayStateBadge } from "../dayview.js";
import { clear, h } from "../dom.js";
import { formatDate, formatNumber, t, weekdayName } from "../i18n.js";
import { convert, WEEKDAYS } from "../training.js";
import { dayTitle, focusTag, weekTheme } from "../plantext.js";
import { doneThisWeek, editChips, noPlan } from "./today.js";

function dayCard(weekday, day, isToday, doneLog) {
  const rest = !day || day.is_rest_day;
  const done = !rest && (day.status === "completed" || Boolean(doneLog));
  const classes = ["a.card.day-card", rest ? "is-rest" : "", done ? "is-done" : "", isToday ? "is-today" : ""];
  const count = rest ? 0 : (day.blocks || []).reduce((n, b) => n + (b.exercises || []).length, 0);
  return h(
    classes.filter(Boolean).join("."),
    { href: `/workouts/${weekday}`, "data-link": true, "data-day": weekday },
    h("div.day-card-head", {}, h("span.day-name", {}, weekdayName(weekday)), day && day.date ? h("span.muted", {}, formatDate(day.date, { day: "numeric", month: "short" })) : null, dayStateBadge(day || { is_rest_day: true }, doneLog)),
    rest ? null : h("p.day-title", {}, dayTitle(day.title)),
    rest ? null : h("p.meta", {}, [focusTag(day.focus_tag), t("minutes", { minutes: day.duration_minutes }), t("exercise_count", { count })].filter(Boolean).join(" · ")),
  );
}

/** Sessions, minutes and estimated volume (lb) of the plan's training days. */
export function weekTotals(plan) {
  const training = WEEKDAYS.map((d) => plan.days[d]).filter((day) => day && !day.is_rest_day);
  return {
    frequency: training.length,
    total_time_minutes: training.reduce((n, day) => n + (day.duration_minutes || 0), 0),
    total_volume_lbs: training.reduce((n, day) => n + (day.estimated_volume_lbs || 0), 0),
  };
}

/** A local calendar date as ISO (toISOString is UTC, a day off in the evening west of Greenwich). */
export function localIso(date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

export async function renderWeek(root, { app }) {
  const active = await app.activePlan();
  if (!active) return clear(root, noPlan());
  const plan = active.plan;
  const block = plan.program ? plan.program.block : null;
  const todayIso = localIso(new Date());
  const done = await doneThisWeek(plan, todayIso);
  // The header is the sum of the cards below it (a plan stored before day edits updated its summary
  // carries an older total).
  const summary = weekTotals(plan);
  const volume = summary.total_volume_lbs ? Math.round(convert(summary.total_volume_lbs, "lb", app.units)) : null;
  clear(
    root,
    h(
      "div.week",
      {},
      h(
        "header.day-header",
        {},
        h("p.eyebrow", {}, t("week_of", { date: formatDate(plan.week_start_date, { day: "numeric", month: "long" }) }), ` · v${active.version}`),
        h("h2", {}, weekTheme(plan.theme) || t("tab_week")),
        block
          ? h(
              "p.block-position",
              { "data-week": block.week, "data-length": block.length },
              t("block_week", { week: block.week, length: block.length }),
              block.deload ? h("span.badge", {}, t("block_deload")) : null,
            )
          : null,
        active.not_updated ? h("p.warn.not-updated", { role: "status" }, t("plan_not_updated")) : null,
        h(
          "p.meta",
          {},
          [
            summary.frequency ? t("sessions_count", { count: summary.frequency }) : null,
            summary.total_time_minutes ? t("minutes", { minutes: summary.total_time_minutes }) : null,
            volume ? `${formatNumber(volume)} ${app.units}` : null,
          ]
            .filter(Boolean)
            .join(" · "),
        ),
      ),
      editChips(plan.suggested_edits, "week", null),
      h("div.day-cards", {}, WEEKDAYS.map((d) => dayCard(d, plan.days[d], plan.days[d] && plan.days[d].date === todayIso, done[d] || null))),
      h(
        "a.card.modify-week",
        { href: "/coach?tab=week", "data-link": true },
        h("strong", {}, t("modify_week")),
        h("p.muted", {}, t("modify_week_body")),
      ),
    ),
  );
}
