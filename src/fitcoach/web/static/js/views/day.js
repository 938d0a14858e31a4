// /workouts/<day>: one day of the active plan, with "ask the coach about this day".
import { clear } from "../dom.js";
import { localIso } from "./week.js";
import { dayPage, doneThisWeek, noPlan, workoutActions } from "./today.js";

export async function renderDayPage(root, { app, params }) {
  const [weekday] = params;
  const active = await app.activePlan();
  if (!active) return clear(root, noPlan());
  const day = active.plan.days[weekday] || null;
  const doneLog = (await doneThisWeek(active.plan, localIso(new Date())))[weekday] || null;
  clear(root, dayPage({ day, weekday, tab: "week", doneLog, actions: workoutActions(day, weekday, { askTab: "week", done: Boolean(doneLog) }) }));
}
