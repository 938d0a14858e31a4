// The engine's fixed plan vocabulary (day titles, focus tags, muscle groups) in the reader's language.
// The stored plan keeps the engine's words; a coach's own wording is shown as written.
import { t } from "./i18n.js";

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
