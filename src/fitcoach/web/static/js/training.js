// Training arithmetic the client needs: unit conversion, Epley e1RM, prescriptions as text.
export const KG_PER_LB = 0.45359237;
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

export function convert(weight, from, to) {
  if (weight === null || weight === undefined || from === to) return weight;
  return from === "kg" ? weight / KG_PER_LB : weight * KG_PER_LB;
}

/** Countries that load bars in pounds; every other locale means kilograms. */
const POUND_REGIONS = new Set(["US", "LR", "MM", "PR", "GU", "VI", "AS", "MP", "UM"]);

/**
 * The usual weight unit of a BCP 47 locale ("en-US" → lb, "en-GB" → kg), for a user whose own unit is
 * not known yet. A tag without a region takes its likeliest one ("en" → US, "my" → MM, "fr" → FR).
 */
export function localeUnits(tag) {
  let region;
  try {
    const locale = new Intl.Locale(String(tag || "en"));
    region = locale.region || locale.maximize().region || "";
  } catch {
    region = "";
  }
  return POUND_REGIONS.has(region.toUpperCase()) ? "lb" : "kg";
}

/**
 * A logged weight in the unit shown now: as logged when the units agree, else converted and rounded
 * to what the eye reads as a plate step, 0.25 kg or 0.5 lb (20 kg → 44 lb, 45 lb → 20.5 kg).
 */
export function shownWeight(weight, from, to) {
  if (!from || from === to || !(weight > 0)) return weight;
  const step = to === "kg" ? 0.25 : 0.5;
  return Math.round(convert(weight, from, to) / step) * step;
}

/** Round a weight to what plates and dumbbells allow: 0.5 kg or 1 lb. */
export function roundWeight(weight, unit) {
  const step = unit === "kg" ? 0.5 : 1;
  return Math.round(weight / step) * step;
}

/** Epley: e1RM = w × (1 + r/30); a single rep is its own weight (the server's convention too). */
export function epley(weight, reps) {
  if (!(weight > 0) || !(reps > 0)) return 0;
  return reps === 1 ? weight : weight * (1 + reps / 30);
}

/** Best Epley estimate of one session's working sets, in `unit`. */
export function sessionE1rm(sets, unit) {
  let best = 0;
  for (const set of sets || []) {
    if (set.is_warmup) continue;
    best = Math.max(best, epley(convert(set.weight, set.unit || unit, unit), set.reps));
  }
  return best;
}

/**
 * "3×8-10", with the program's target load when there is one: "3×8-10 · 45 lb" (in `units` if given).
 * On bodyweight work the load is added to the body: "3×8-12 · +10 lb". `tempo` is the tempo as the
 * reader reads it ("tempo 3-1-1"), shown last when given.
 */
export function prescription(ex, units, { bodyweight = false, tempo = "" } = {}) {
  const parts = [`${ex.target_sets}×${ex.target_reps}`];
  const load = ex.target_load;
  if (load && load.value > 0) {
    const unit = units || load.unit;
    parts.push(`${bodyweight ? "+" : ""}${shownWeight(load.value, load.unit, unit)} ${unit}`);
  }
  if (tempo) parts.push(tempo);
  return parts.join(" · ");
}

/** The day's exercises in plan order, with their block label and position in a superset. */
export function flattenDay(day) {
  const out = [];
  ((day && day.blocks) || []).forEach((block, b) => {
    const exercises = block.exercises || [];
    exercises.forEach((ex, i) => out.push({ ...ex, block: block.label, blockIndex: b, superset: exercises.length > 1 ? i + 1 : 0 }));
  });
  return out;
}

/** The weekday of a local date, as the plan names it. */
export function weekdayOf(date) {
  return WEEKDAYS[(date.getDay() + 6) % 7];
}
