// The exercise library (GET /api/exercises), fetched once per page load and shared by the views.
import { api } from "./api.js";

let cached = null;

/** slug → library entry; an empty map when the server cannot be reached (the views still work). */
export function exerciseLibrary() {
  if (!cached) {
    cached = api
      .exercises()
      .then((items) => new Map(items.map((e) => [e.slug, e])))
      .catch(() => {
        cached = null;
        return new Map();
      });
  }
  return cached;
}

/** Bodyweight work (pull-ups, push-ups, planks): sets are reps, with an optional added load. */
export function isBodyweight(entry) {
  return Boolean(entry) && !(entry.default_load_lb > 0);
}
