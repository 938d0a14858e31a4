// The exercise library (GET /api/exercises), fetched once per page load and shared by the views.
import { api } from "./api.js";
import { getLang } from "./i18n.js";

let cached = null;
/** What has been loaded, for the renderers that cannot wait (empty until then, or offline). */
let loaded = new Map();

/** slug → library entry; an empty map when the server cannot be reached (the views still work). */
export function exerciseLibrary() {
  if (!cached) {
    cached = api
      .exercises()
      .then((items) => (loaded = new Map(items.map((e) => [e.slug, e]))))
      .catch(() => {
        cached = null;
        return new Map();
      });
  }
  return cached;
}

/** The entries loaded so far (slug → entry), for renderers that cannot wait. */
export function loadedExercises() {
  return loaded;
}

/** Bodyweight work (pull-ups, push-ups, planks): sets are reps, with an optional added load. */
export function isBodyweight(entry) {
  return Boolean(entry) && !(entry.default_load_lb > 0);
}

/**
 * An exercise's name in the reader's language: the library's first name in that language (capitalised),
 * else the plan's own name (most exercises have one; a coach's made-up one does not).
 * @param {{exercise_id?: string, name?: string}} exercise
 */
export function exerciseName(exercise) {
  const fallback = exercise.name || exercise.exercise_id || "";
  const lang = getLang();
  if (lang === "en") return fallback;
  const entry = loaded.get(exercise.exercise_id);
  const local = entry && entry.names && entry.names[lang] && entry.names[lang][0];
  return local ? local[0].toLocaleUpperCase(lang) + local.slice(1) : fallback;
}
