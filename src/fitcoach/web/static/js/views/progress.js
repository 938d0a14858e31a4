// /progress: weekly volume per muscle group, e1RM over time (Epley, client-side) and personal records.
import { api, ApiError } from "../api.js";
import { timeChart } from "../chart.js";
import { clear, h } from "../dom.js";
import { formatDate, formatNumber, getLang, t } from "../i18n.js";
import { isBodyweight } from "../library.js";
import { convert, flattenDay, sessionE1rm } from "../training.js";

const MUSCLE_GROUPS = ["Chest", "Back", "Shoulders", "Quads", "Hamstrings", "Glutes", "Biceps", "Triceps", "Calves", "Core"];
const WEEKS_BACK = 8;
/** Hard sets per muscle group per week the plan aims between (engine/rules/volume.py, R11). */
const TARGET_SETS = [10, 20];

function localName(exercise) {
  const names = (exercise.names && exercise.names[getLang()]) || [];
  return names[0] && getLang() !== "en" ? `${exercise.name} · ${names[0]}` : exercise.name;
}

function weightText(value, unit, units) {
  return `${formatNumber(convert(value, unit, units), 1)} ${units}`;
}

/** A record set ({weight, unit, reps, completed_at}) as "20 kg × 8 · Mon 7 Sep" ("Bodyweight × 12"). */
function recordSet(set, units, bodyweight = false) {
  let load = weightText(set.weight, set.unit, units);
  if (bodyweight) load = set.weight > 0 ? `${t("bodyweight")} + ${load}` : t("bodyweight");
  return [`${load} × ${set.reps}`, set.completed_at ? h("span.muted", {}, ` · ${formatDate(set.completed_at)}`) : null];
}

/**
 * rep_records["N"] is the heaviest set of N or more reps: the same 40 × 10 set holds 1+ to 10+, so
 * each set is listed once, at the most reps it holds ("Best at 10+ reps", never "1RM: 40 × 10"),
 * and a lower rep count only when something heavier holds it.
 */
export function repRecords(records) {
  const rows = Object.entries(records || {})
    .filter(([, set]) => set)
    .map(([reps, set]) => ({ reps: Number(reps), set }))
    .sort((a, b) => b.reps - a.reps);
  const kept = [];
  for (const row of rows) {
    const heavier = kept.every((k) => (row.set.weight_lbs ?? convert(row.set.weight, row.set.unit, "lb")) > (k.set.weight_lbs ?? convert(k.set.weight, k.set.unit, "lb")));
    if (heavier) kept.push(row);
  }
  return kept.reverse();
}

function prList(prs, units, bodyweight) {
  if (!prs || !prs.max_weight_set) return h("p.muted", {}, t("no_records"));
  const e1rm = bodyweight ? null : prs.estimated_1rm;
  return h(
    "dl.prs",
    {},
    e1rm ? [h("dt", {}, t("estimated_1rm")), h("dd.e1rm", {}, weightText(e1rm.value_lbs, "lb", units))] : null,
    bodyweight ? null : [h("dt", {}, t("heaviest_set")), h("dd.heaviest", {}, recordSet(prs.max_weight_set, units))],
    repRecords(prs.rep_records).map(({ reps, set }) => [h("dt", {}, t("best_at_reps", { reps })), h("dd.rep-record", {}, recordSet(set, units, bodyweight))]),
  );
}

/** The best working set's reps of a session (bodyweight work is measured in reps). */
function sessionBestReps(sets) {
  return Math.max(0, ...(sets || []).filter((s) => !s.is_warmup).map((s) => s.reps));
}

export async function renderProgress(root, { app }) {
  const units = app.units;
  const charts = [];
  const [exercises, active, recent] = await Promise.all([api.exercises(), app.activePlan(), api.workouts({ limit: 1 })]);
  // The exercise list starts with what was trained last, then the plan, then the rest of the library.
  const lastLogged = recent.items && recent.items[0] ? recent.items[0].exercises_logged.map((e) => e.exercise_id) : [];
  const planned = active ? Object.values(active.plan.days).flatMap((d) => flattenDay(d).map((e) => e.exercise_id)) : [];
  const ordered = [...new Set([...lastLogged, ...planned])].map((slug) => exercises.find((e) => e.slug === slug)).filter(Boolean);
  for (const e of exercises) if (!ordered.includes(e)) ordered.push(e);

  const groupSelect = h("select.muscle-group", { "aria-label": t("muscle_group") }, MUSCLE_GROUPS.map((g) => h("option", { value: g }, t(`group_${g}`))));
  const exerciseSelect = h("select.exercise", { "aria-label": t("exercise") }, ordered.map((e) => h("option", { value: e.slug }, localName(e))));
  const volumeBox = h("div.chart.volume-chart");
  const e1rmBox = h("div.chart.e1rm-chart");
  const prBox = h("div.pr-box");

  // A draw answers the select's value when it began: an older answer arriving after a newer one (the
  // first group's trends after the user picked another) must not replace it, so each draw checks it
  // is still the latest of its kind before touching the page.
  const drawn = { volume: 0, e1rm: 0 };
  const begin = (kind) => {
    drawn[kind] += 1;
    const mine = drawn[kind];
    return () => mine === drawn[kind];
  };

  const destroyCharts = (kind) => {
    for (const old of charts.filter((c) => c.kind === kind)) old.chart.destroy();
    charts.splice(0, charts.length, ...charts.filter((c) => c.kind !== kind));
  };

  async function drawVolume() {
    const current = begin("volume");
    destroyCharts("volume");
    clear(volumeBox, h("p.muted", {}, t("loading")));
    const trends = await api.volumeTrends(groupSelect.value, WEEKS_BACK);
    if (!current()) return;
    const weeks = trends.weeks || [];
    clear(volumeBox);
    if (!weeks.some((w) => w.tonnage_lbs > 0 || w.hard_sets > 0)) return volumeBox.append(h("p.muted.no-data", {}, t("no_volume")));
    const chart = timeChart(volumeBox, {
      x: weeks.map((w) => new Date(`${w.week_start}T00:00:00Z`)),
      series: [
        { label: t("tonnage_unit", { unit: units }), values: weeks.map((w) => Math.round(convert(w.tonnage_lbs, "lb", units))), bars: true },
        { label: t("hard_sets"), values: weeks.map((w) => w.hard_sets), scale: "y2" },
        // The weekly band a muscle grows in (10–20 hard sets, R11): where this group's sets sit in it.
        { label: t("target_low"), values: weeks.map(() => TARGET_SETS[0]), scale: "y2", dash: [6, 4], points: false },
        { label: t("target_high"), values: weeks.map(() => TARGET_SETS[1]), scale: "y2", dash: [6, 4], points: false },
      ],
    });
    charts.push({ kind: "volume", chart });
  }

  async function drawExercise() {
    const current = begin("e1rm");
    destroyCharts("e1rm");
    const slug = exerciseSelect.value;
    const bodyweight = isBodyweight(exercises.find((e) => e.slug === slug));
    clear(e1rmBox, h("p.muted", {}, t("loading")));
    clear(prBox);
    const [past, prs] = await Promise.all([
      api.exerciseHistory(slug, 10),
      api.prs(slug).catch((err) => {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }),
    ]);
    if (!current()) return;
    const sessions = [...(past.sessions || [])].reverse();
    clear(e1rmBox);
    if (!sessions.length) e1rmBox.append(h("p.muted.no-data", {}, t("no_sessions")));
    else {
      const chart = timeChart(e1rmBox, {
        x: sessions.map((s) => new Date(s.completed_at)),
        fromZero: false,
        series: [
          bodyweight
            ? { label: t("best_reps"), values: sessions.map((s) => sessionBestReps(s.sets)) }
            : { label: t("e1rm_unit", { unit: units }), values: sessions.map((s) => Math.round(sessionE1rm(s.sets, units) * 10) / 10) },
        ],
      });
      charts.push({ kind: "e1rm", chart });
    }
    clear(prBox, prList(prs, units, bodyweight));
  }

  const guard = (fn, box) => () => fn().catch((err) => clear(box, app.errorBox(err)));
  groupSelect.addEventListener("change", guard(drawVolume, volumeBox));
  exerciseSelect.addEventListener("change", guard(drawExercise, e1rmBox));

  clear(
    root,
    h(
      "div.progress",
      {},
      h("section.card", {}, h("h3", {}, t("weekly_volume")), groupSelect, volumeBox),
      h("section.card", {}, h("h3", {}, t("strength_trend")), exerciseSelect, e1rmBox, h("h4", {}, t("personal_records")), prBox),
    ),
  );
  await Promise.all([guard(drawVolume, volumeBox)(), guard(drawExercise, e1rmBox)()]);
  return () => charts.forEach((c) => c.chart.destroy());
}
