// What a proposal changes, computed against the active plan: the proposal card shows this (R46).
import { exerciseRx } from "./plantext.js";
import { flattenDay, WEEKDAYS } from "./training.js";

function byExercise(day) {
  const map = new Map();
  for (const ex of flattenDay(day)) if (!map.has(ex.exercise_id)) map.set(ex.exercise_id, ex);
  return map;
}

/**
 * Exercises added, removed and changed (sets×reps or rest) between two day objects.
 * `before` may be null (no plan yet, or the day was a rest day): then everything is added.
 */
export function diffDay(before, after) {
  const old = byExercise(before);
  const now = byExercise(after);
  const added = [];
  const removed = [];
  const changed = [];
  for (const [id, ex] of now) {
    const prev = old.get(id);
    if (!prev) added.push({ exercise_id: id, name: ex.name, to: exerciseRx(ex) });
    else if (exerciseRx(prev) !== exerciseRx(ex) || prev.rest_seconds !== ex.rest_seconds) {
      changed.push({
        exercise_id: id,
        name: ex.name,
        from: exerciseRx(prev),
        to: exerciseRx(ex),
        restFrom: prev.rest_seconds,
        restTo: ex.rest_seconds,
      });
    }
  }
  for (const [id, ex] of old) if (!now.has(id)) removed.push({ exercise_id: id, name: ex.name, from: exerciseRx(ex) });
  const restBefore = !before || Boolean(before.is_rest_day);
  const restAfter = !after || Boolean(after.is_rest_day);
  return {
    added,
    removed,
    changed,
    titleFrom: before ? before.title || null : null,
    titleTo: after ? after.title || null : null,
    restBefore,
    restAfter,
    durationFrom: before ? before.duration_minutes ?? null : null,
    durationTo: after ? after.duration_minutes ?? null : null,
    empty: added.length + removed.length + changed.length === 0 && restBefore === restAfter,
  };
}

/** Per weekday: the new title and the day's diff against the active week (null when there is none). */
export function diffWeek(beforePlan, afterPlan) {
  const beforeDays = (beforePlan && beforePlan.days) || {};
  const afterDays = (afterPlan && afterPlan.days) || {};
  return WEEKDAYS.map((day) => {
    const before = beforePlan ? beforeDays[day] || null : null;
    const after = afterDays[day] || null;
    const diff = diffDay(before, after);
    const titleChanged = (before && before.title) !== (after && after.title);
    return { day, before, after, diff, isNew: !beforePlan, changed: !beforePlan || !diff.empty || titleChanged };
  });
}
