// The live workout session: kept in localStorage after every change, so a reload or a crash loses nothing.
import { getState, newId, setState } from "./store.js";
import { flattenDay } from "./training.js";

export const loadSession = () => getState().session;
export const saveSession = (session) => setState({ session });
export const clearSession = () => setState({ session: null });

/** A fresh session for one plan day; the idempotency key is made here, once, and kept until sent. */
export function startSession({ weekday, day, userId, now = new Date() }) {
  return {
    id: newId(),
    userId,
    weekday,
    date: day.date || null,
    title: day.title || "",
    startedAt: now.toISOString(),
    index: 0,
    exercises: flattenDay(day).map((ex) => ({ ...ex, sets: [] })),
  };
}

/**
 * Replace the session's exercise list with a new version of the day (after an accepted swap),
 * keeping every set already logged, including those of exercises the swap removed.
 */
export function applyDay(session, day) {
  const logged = new Map(session.exercises.map((ex) => [ex.exercise_id, ex]));
  const next = flattenDay(day).map((ex) => ({ ...ex, sets: logged.has(ex.exercise_id) ? logged.get(ex.exercise_id).sets : [] }));
  const kept = new Set(next.map((ex) => ex.exercise_id));
  const orphans = session.exercises.filter((ex) => !kept.has(ex.exercise_id) && ex.sets.length);
  const current = session.exercises[session.index];
  // Removed exercises that already have sets go last: they stay in the log, out of the way.
  const exercises = [...next, ...orphans];
  let index = next.findIndex((ex) => current && ex.exercise_id === current.exercise_id);
  if (index < 0) index = Math.min(session.index, next.length - 1);
  return { ...session, title: day.title || session.title, exercises, index: Math.max(0, index) };
}

export function setCount(session) {
  return session.exercises.reduce((n, ex) => n + ex.sets.length, 0);
}

/** The body of POST /api/workouts/log (shared/eval/FORMAT.md), only exercises with logged sets. */
export function toLogBody(session, completedAt) {
  return {
    plan_day: session.weekday,
    completed_at: completedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    exercises_logged: session.exercises
      .filter((ex) => ex.sets.length)
      .map((ex) => ({
        exercise_id: ex.exercise_id,
        sets: ex.sets.map((s) => {
          const set = { weight: s.weight, unit: s.unit, reps: s.reps };
          if (s.rpe !== null && s.rpe !== undefined) set.rpe = s.rpe;
          return set;
        }),
      })),
  };
}
