// The engine's fixed plan vocabulary (day titles, focus tags, muscle groups) in the reader's language.
// The stored plan keeps the engine's words; a coach's own wording is shown as written.
import { LANGUAGES, t, weekdayName } from "./i18n.js";
import { exerciseName, isBodyweight, loadedExercises } from "./library.js";
import { prescription } from "./training.js";

const TITLES = {
  "Full Body": "title_full",
  "Upper Body": "title_upper",
  "Lower Body": "title_lower",
  Push: "title_push",
  Pull: "title_pull",
  Legs: "title_legs",
  Focus: "title_focus",
  "Rest & Recovery": "title_rest",
};

const GROUPS = new Set(["Chest", "Back", "Shoulders", "Quads", "Hamstrings", "Glutes", "Biceps", "Triceps", "Calves", "Core", "Forearms", "Adductors"]);

/** A muscle group's name ("Chest" → "Pectoraux"); anything else as written. */
export function muscleName(name) {
  return GROUPS.has(name) ? t(`group_${name}`) : name;
}

/** "Glutes & Quads" → "Fessiers & Quadriceps"; a tag with any unknown part stays as written. */
export function focusTag(tag) {
  if (!tag) return tag;
  const parts = String(tag).split(" & ");
  return parts.every((p) => GROUPS.has(p)) ? parts.map(muscleName).join(" & ") : tag;
}

/** "Full Body B" → "Corps entier B", "Chest & Back" → "Pectoraux & Dos"; a coach's own title as written. */
export function dayTitle(title) {
  if (!title) return title;
  const match = String(title).match(/^(.*?)(?: ([A-C]))?$/);
  const [, base, letter] = match;
  if (base in TITLES) return letter ? `${t(TITLES[base])} ${letter}` : t(TITLES[base]);
  if (String(title) in TITLES) return t(TITLES[title]);
  return focusTag(title);
}

const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const day = (name) => {
  const lower = String(name).toLowerCase();
  return DAY_NAMES.includes(lower) ? weekdayName(lower) : name;
};

/** An exercise the engine names by its English name, in the reader's language where the library has it. */
function nameOf(name) {
  const entry = [...loadedExercises().values()].find((e) => e.name === name);
  return entry ? exerciseName({ exercise_id: entry.slug, name }) : name;
}

/** The engine's English group words in "Add arm work on Monday" (locales' edit_group_*), by group. */
const ADDED_GROUPS = ["chest", "back", "shoulders", "legs_quad", "legs_posterior", "arms", "core"];
const group = (word) => {
  const key = ADDED_GROUPS.find((g) => LANGUAGES.en[`edit_group_${g}`] === word);
  return key ? t(`edit_group_${key}`) : word;
};

/**
 * The engine's suggested edits (engine/suggestions.py writes them with the English edit_* templates)
 * and their rendering with the reader's templates, which the coach reads back in every language.
 * @type {Array<[RegExp, (match: RegExpMatchArray) => string]>}
 */
const EDITS = [
  [/^Shorten to (\d+) minutes$/, (m) => t("edit_shorten", { minutes: m[1] })],
  [/^Swap (.+) for an alternative$/, (m) => t("edit_swap", { name: nameOf(m[1]) })],
  [/^Move (\w+) to (\w+)$/, (m) => t("edit_move", { from: day(m[1]), to: day(m[2]) })],
  [/^Add (.+) work on (\w+)$/, (m) => t("edit_add", { group: group(m[1]), day: day(m[2]) })],
];

/**
 * A suggested edit in the reader's language: what the chip shows and what it sends (the coach reads
 * every supported language). A coach's own wording is left as written.
 */
export function suggestedEdit(text) {
  for (const [pattern, render] of EDITS) {
    const match = String(text).match(pattern);
    if (match) return render(match);
  }
  return text;
}

const GOALS = { Hypertrophy: "hypertrophy", Strength: "strength", General: "general", "Fat loss": "fat_loss" };
const AREAS = ["shoulder", "lower_back", "back", "knee", "elbow", "wrist", "hip", "neck", "ankle", "hamstrings", "quads", "chest", "biceps", "triceps", "calves", "glutes", "forearms", "core"];
const areaName = (area) => (AREAS.includes(area) ? t(`area_${area}`) : String(area).replace(/_/g, " "));
const list = (items) => items.join(", ");

/** "Hypertrophy • Chest & Shoulders priority" → "Hypertrophie • priorité Pectoraux, Épaules". */
export function weekTheme(theme) {
  const match = String(theme || "").match(/^(Hypertrophy|Strength|General|Fat loss)(?: • (.+) priority)?$/);
  if (!match) return theme;
  const goal = t(`goal_${GOALS[match[1]]}`);
  const groups = match[2] ? match[2].split(" & ") : [];
  if (!groups.every((g) => GROUPS.has(g))) return theme;
  return groups.length ? `${goal} • ${t("theme_priority", { groups: list(groups.map(muscleName)) })}` : goal;
}

/** The engine's day notes that have a fixed wording; a note built from exercise cues stays as written. */
export function coachNoteText(note) {
  const text = String(note || "");
  if (text === "Leave 1–3 reps in reserve on every working set; add reps before load.") return t("note_rir");
  if (text === "Walk, stretch, sleep.") return t("note_rest");
  const sparing = text.match(/^Sparing your (.+): exercises that load it are left out\. Stop any set that hurts\.$/);
  if (sparing) {
    const areas = sparing[1].split(", ").map((a) => a.replace(/ /g, "_"));
    if (areas.every((a) => AREAS.includes(a))) return t("note_sparing", { areas: list(areas.map(areaName)) });
  }
  return note;
}

/**
 * What a memory item says: the fact as the server wrote it, in the user's language when it was written
 * (goals and conditions too: redrawing them here from their fields lost what the text adds, such as
 * the movement that aggravates a condition).
 */
export function memoryText(entry) {
  return entry.fact || entry.event || entry.body_part || "";
}

/**
 * An exercise's prescription as the reader sees it: an added load on bodyweight work (a dumbbell held)
 * as "+10 lb", and the program's tempo with its label ("3×8-12 · tempo 3-1-1").
 */
export function exerciseRx(ex, units) {
  const bodyweight = isBodyweight(loadedExercises().get(ex.exercise_id));
  return prescription(ex, units, { bodyweight, tempo: ex.tempo ? t("tempo_rx", { tempo: ex.tempo }) : "" });
}
