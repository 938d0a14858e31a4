// A plan day as the user reads it: header, blocks with supersets grouped, sets×reps, rest, coach note.
import { h } from "./dom.js";
import { exerciseName } from "./library.js";
import { coachNoteText, dayTitle, exerciseRx, focusTag, muscleName } from "./plantext.js";
import { formatDate, t, weekdayName } from "./i18n.js";

/** The engine's block labels (a fixed vocabulary) in the reader's language; a coach's own label as written. */
const BLOCK_LABELS = {
  Superset: "block_superset",
  Core: "block_core",
  "Primary Compound Block": "block_primary",
  "Compound Block": "block_compound",
  "Accessory Block": "block_accessory",
  Block: "block_block",
};

export function blockLabel(label) {
  return label in BLOCK_LABELS ? t(BLOCK_LABELS[label]) : label || "";
}

export function exerciseRow(ex, tag = "") {
  return h(
    "li.exercise",
    { "data-exercise": ex.exercise_id },
    tag ? h("span.ss-tag", {}, tag) : null,
    h("span.ex-name", {}, exerciseName(ex)),
    h("span.ex-rx", {}, exerciseRx(ex)),
    h("span.ex-rest", {}, t("rest_seconds", { seconds: ex.rest_seconds })),
  );
}

export function dayBlocks(day) {
  if (!day || day.is_rest_day) return h("p.muted.rest-note", {}, t("rest_day_note"));
  return h(
    "div.blocks",
    {},
    (day.blocks || []).map((block, b) => {
      const superset = (block.exercises || []).length > 1;
      const letter = String.fromCharCode(65 + b);
      return h(
        superset ? "section.block.superset" : "section.block",
        {},
        // A superset's badge, unless its label already says so ("Superset Superset").
        h("h4.block-label", {}, blockLabel(block.label), superset && BLOCK_LABELS[block.label] !== "block_superset" ? h("span.badge", {}, t("superset")) : null),
        h(
          "ol.exercises",
          {},
          block.exercises.map((ex, i) => exerciseRow(ex, superset ? `${letter}${i + 1}` : "")),
        ),
      );
    }),
  );
}

export function dayStateBadge(day, doneLog = null) {
  if (!day) return null;
  if (doneLog && !day.is_rest_day) return h("span.badge.done", {}, `✓ ${t("done_on", { date: formatDate(doneLog.completed_at, { weekday: "short", day: "numeric", month: "short" }) })}`);
  if (day.status === "completed") return h("span.badge.done", {}, `✓ ${t("completed")}`);
  if (day.is_rest_day) return h("span.badge.rest", {}, t("rest_day"));
  return null;
}

export function dayHeader(day, weekday, { date = null, doneLog = null } = {}) {
  const shown = date || (day && day.date);
  return h(
    "header.day-header",
    {},
    h("p.eyebrow", {}, weekdayName(weekday), shown ? ` · ${formatDate(shown, { day: "numeric", month: "short" })}` : ""),
    h("h2", {}, day && !day.is_rest_day ? dayTitle(day.title) : t("rest_day"), " ", dayStateBadge(day && !day.is_rest_day ? day : null, doneLog)),
    day && !day.is_rest_day
      ? h(
          "p.meta",
          {},
          [focusTag(day.focus_tag), day.duration_minutes ? t("minutes", { minutes: day.duration_minutes }) : null].filter(Boolean).join(" · "),
        )
      : null,
    day && day.muscle_focus && day.muscle_focus.length
      ? h(
          "ul.focus",
          {},
          day.muscle_focus.map((f) =>
            h("li", {}, h("span", {}, muscleName(f.muscle)), h("span.bar", {}, h("span.fill", { style: `width:${Math.max(0, Math.min(100, f.intensity))}%` }))),
          ),
        )
      : null,
  );
}

export function coachNote(day) {
  return day && day.coach_note ? h("blockquote.coach-note", {}, coachNoteText(day.coach_note)) : null;
}
