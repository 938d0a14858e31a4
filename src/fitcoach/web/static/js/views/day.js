// /workouts/<day>: one day of the active plan, with "ask the coach about this day".
import { clear } from "../dom.js";
import { dayPage, noPlan, workoutActions } from "./today.js";

export async function renderDayPage(root, { app, params }) {
  const [weekday] = params;
  const active = await app.activePlan();
  if (!active) return clear(root, noPlan());
  const day = active.plan.days[weekday] || null;
  clear(root, dayPage({ day, weekday, tab: "week", actions: workoutActions(day, weekday, { askTab: "week" }) }));
}
