// The engine's fixed plan vocabulary (day titles, focus tags, muscle groups) in the reader's language.
// The stored plan keeps the engine's words; a coach's own wording is shown as written.
import { t, weekdayName } from "./i18n.js";

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

/**
 * The engine's suggested edits (engine/presentation.py writes them in English) and their rendering.
 * @type {Array<[RegExp, (match: RegExpMatchArray) => string]>}
 */
const EDITS = [
  [/^Shorten to (\d+) minutes$/, (m) => t("edit_shorten", { minutes: m[1] })],
  [/^Swap (.+) for an alternative$/, (m) => t("edit_swap", { name: m[1] })],
  [/^Move (\w+) to (\w+)$/, (m) => t("edit_move", { from: day(m[1]), to: day(m[2]) })],
  [/^Add an arm finisher on (\w+)$/, (m) => t("edit_arms", { day: day(m[1]) })],
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
