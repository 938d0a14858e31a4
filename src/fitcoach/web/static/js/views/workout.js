// /workout/active: step through the day, log sets, rest between them, swap via the coach, finish.
import { api, ApiError } from "../api.js";
import { clear, h, markdown } from "../dom.js";
import { errorText } from "../errors.js";
import { formatNumber, t, weekdayName } from "../i18n.js";
import * as outbox from "../outbox.js";
import { blockLabel } from "../dayview.js";
import { exerciseLibrary, exerciseName, isBodyweight } from "../library.js";
import { proposalCard } from "../proposal.js";
import { dayTitle, exerciseRx } from "../plantext.js";
import { applyDay, clearSession, loadSession, saveSession, setCount, startSession, toLogBody } from "../session.js";
import { convert, roundWeight, sessionE1rm, shownWeight } from "../training.js";
import { noPlan } from "./today.js";

const RPE_CHOICES = ["", "6", "6.5", "7", "7.5", "8", "8.5", "9", "9.5", "10"];

/** Last time's sets per exercise; one request per exercise per page, and none while offline. */
const lastTimeCache = new Map();
async function lastTime(slug) {
  if (!lastTimeCache.has(slug)) {
    lastTimeCache.set(
      slug,
      api
        .exerciseHistory(slug, 1)
        .then((r) => (r.sessions && r.sessions[0] ? r.sessions[0].sets.filter((s) => !s.is_warmup) : []))
        .catch(() => {
          lastTimeCache.delete(slug);
          return [];
        }),
    );
  }
  return lastTimeCache.get(slug);
}

function lowReps(targetReps) {
  const m = String(targetReps).match(/\d+/);
  return m ? Number(m[0]) : 8;
}

/**
 * Weight and reps to prefill: this session's last set, else the program's target load, else the same
 * set last time, else the target reps.
 */
export function prefill(exercise, previous, units) {
  const mine = exercise.sets[exercise.sets.length - 1];
  // A set logged before the unit changed (picked, or learned from a chat message) is converted.
  if (mine) return { weight: mine.unit && mine.unit !== units ? roundWeight(convert(mine.weight, mine.unit, units), units) : mine.weight, reps: mine.reps };
  const target = exercise.target_load;
  if (target && target.value > 0) return { weight: shownWeight(target.value, target.unit, units), reps: lowReps(exercise.target_reps) };
  const before = previous[Math.min(exercise.sets.length, previous.length - 1)];
  if (before) return { weight: roundWeight(convert(before.weight, before.unit || "lb", units), units), reps: before.reps };
  return { weight: "", reps: lowReps(exercise.target_reps) };
}

async function startFromPlan(app, weekday) {
  const active = await app.activePlan();
  if (!active) return null;
  const day = active.plan.days[weekday];
  if (!day || day.is_rest_day) return null;
  const session = startSession({ weekday, day, userId: app.user.id });
  saveSession(session);
  return session;
}

function otherDayInProgress(root, app, session, wanted) {
  const discardAndStart = async () => {
    if (!confirm(t("confirm_discard"))) return;
    clearSession();
    app.navigate(`/workout/active?day=${wanted}`, { replace: true });
  };
  clear(
    root,
    h(
      "section.card.empty",
      {},
      h("p", {}, t("other_workout_in_progress", { day: weekdayName(session.weekday), count: setCount(session) })),
      h(
        "div.actions",
        {},
        h("a.button.primary", { href: "/workout/active", "data-link": true }, t("resume_workout")),
        h("button.ghost.danger", { type: "button", onclick: discardAndStart }, t("discard_and_start", { day: weekdayName(wanted) })),
      ),
    ),
  );
}

/**
 * What the session was: duration, exercises, sets and volume (weight × reps of the loaded sets, in the
 * unit shown; bodyweight reps add nothing).
 */
export function workoutSummary(session, units, endedAt) {
  const worked = session.exercises.filter((ex) => ex.sets.length);
  const sets = worked.flatMap((ex) => ex.sets);
  const volume = sets.reduce((sum, s) => sum + convert(s.weight || 0, s.unit || units, units) * s.reps, 0);
  const minutes = Math.max(1, Math.round((endedAt.getTime() - Date.parse(session.startedAt)) / 60000));
  const row = (key, value, cls) => [h("dt", {}, t(key)), h(`dd.${cls}`, {}, value)];
  return h(
    "dl.workout-summary",
    {},
    row("summary_duration", t("duration_minutes", { minutes: formatNumber(minutes) }), "duration"),
    row("summary_exercises", formatNumber(worked.length), "exercises"),
    row("summary_sets", formatNumber(sets.length), "sets"),
    volume > 0 ? row("summary_volume", `${formatNumber(Math.round(volume))} ${units}`, "volume") : null,
  );
}

/**
 * The records this session set, each with the previous best: e1RM for loaded work, reps in a set for
 * bodyweight work, against the ten sessions before (the history endpoint's page). Read after the log
 * is stored, leaving out the session logged at `completedAt`.
 */
async function recordsSet(session, completedAt, units, library) {
  const worked = session.exercises.filter((ex) => ex.sets.length);
  const found = await Promise.all(
    worked.map(async (ex) => {
      const bodyweight = isBodyweight(library.get(ex.exercise_id));
      const past = await api.exerciseHistory(ex.exercise_id, 10);
      const before = (past.sessions || []).filter((s) => s.completed_at !== completedAt);
      if (!before.length) return null;
      if (bodyweight) {
        const best = (sets) => Math.max(0, ...sets.filter((s) => !s.is_warmup).map((s) => s.reps));
        const now = best(ex.sets);
        const was = Math.max(...before.map((s) => best(s.sets)));
        return now > was ? t("summary_record_reps", { name: exerciseName(ex), value: now, before: was }) : null;
      }
      const now = sessionE1rm(ex.sets, units);
      const was = Math.max(...before.map((s) => sessionE1rm(s.sets, units)));
      const shown = (v) => `${formatNumber(v, 1)} ${units}`;
      return was > 0 && now > was ? t("summary_record", { name: exerciseName(ex), value: shown(now), before: shown(was) }) : null;
    }),
  );
  return found.filter(Boolean);
}

export async function renderWorkout(root, { app, query }) {
  let session = loadSession();
  if (session && query.day && query.day !== session.weekday) return otherDayInProgress(root, app, session, query.day);
  if (!session && query.day) session = await startFromPlan(app, query.day);
  if (!session) {
    const active = await app.activePlan();
    return clear(root, active ? h("section.card.empty", {}, h("p", {}, t("no_active_workout")), h("a.button.primary", { href: "/today", "data-link": true }, t("tab_today"))) : noPlan());
  }
  if (query.day) history.replaceState({}, "", "/workout/active");
  const library = await exerciseLibrary();

  let timer = null;
  const persist = () => saveSession(session);

  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  function restTimer() {
    const until = session.restUntil ? Date.parse(session.restUntil) : 0;
    if (!until || until <= Date.now()) return null;
    const display = h("span.timer-value", {}, "");
    const box = h(
      "div.rest-timer",
      { role: "timer" },
      h("span", {}, t("rest")),
      display,
      h("button.ghost.small", { type: "button", onclick: () => { session.restUntil = new Date(Date.parse(session.restUntil) + 15000).toISOString(); persist(); } }, "+15 s"),
      h("button.ghost.small.skip", { type: "button", onclick: () => { session.restUntil = null; persist(); stopTimer(); box.remove(); } }, t("skip")),
    );
    const tick = () => {
      const left = Math.ceil((Date.parse(session.restUntil || 0) - Date.now()) / 1000);
      if (left <= 0) {
        stopTimer();
        box.classList.add("is-over");
        display.textContent = t("rest_over");
        if (navigator.vibrate) navigator.vibrate(300);
        return;
      }
      display.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
    };
    stopTimer();
    tick();
    timer = setInterval(tick, 250);
    return box;
  }

  /** Where to go after a set: through a superset's partners, then on once the targets are met. */
  function advance() {
    const ex = session.exercises[session.index];
    const block = session.exercises.map((e, i) => ({ e, i })).filter(({ e }) => e.block === ex.block && e.blockIndex === ex.blockIndex && e.superset);
    let rest = ex.rest_seconds;
    if (ex.superset && block.length > 1) {
      const position = block.findIndex(({ i }) => i === session.index);
      if (position < block.length - 1) {
        session.index = block[position + 1].i;
        rest = 0;
      } else if (block.some(({ e }) => e.sets.length < e.target_sets)) {
        session.index = block[0].i;
      } else if (session.index < session.exercises.length - 1) {
        session.index += 1;
      }
    } else if (ex.sets.length >= ex.target_sets && session.index < session.exercises.length - 1) {
      session.index += 1;
    }
    session.restUntil = rest ? new Date(Date.now() + rest * 1000).toISOString() : null;
  }

  // One question at a time: a double tap would ask twice, and the second proposal supersedes the first.
  let swapping = false;
  async function swap(ex, slot, button = null) {
    if (swapping) return;
    swapping = true;
    if (button) button.disabled = true;
    const message = t("swap_message", { name: exerciseName(ex) });
    clear(slot, h("div.bubble.user", {}, h("p", {}, message)), h("div.bubble.coach", {}, h("p.typing", { role: "status" }, t("coach_typing"))));
    try {
      const reply = await api.chat({ message, activeTab: "today", selectedDay: session.weekday });
      const activePlan = await app.activePlan();
      const parts = [h("div.bubble.user", {}, h("p", {}, message)), h("div.bubble.coach", {}, markdown(reply.message))];
      if (reply.proposal && reply.proposal.type === "UPDATE_DAY" && reply.proposal.id) {
        parts.push(
          proposalCard(reply.proposal, {
            activePlan,
            onRetry: () => swap(ex, slot),
            onStale: () => {
              app.invalidatePlan();
              return app.activePlan();
            },
            sessionOnly: (proposal) => {
              session = applyDay(session, proposal.data);
              persist();
              draw();
            },
            onAccepted: async (result) => {
              app.invalidatePlan();
              const day = result.plan && result.plan.days ? result.plan.days[session.weekday] : reply.proposal.data;
              session = applyDay(session, day || reply.proposal.data);
              persist();
              draw();
            },
          }),
        );
      }
      clear(slot, parts);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return app.signOut();
      clear(slot, h("p.error", { role: "alert" }, errorText(err)));
    } finally {
      swapping = false;
      if (button) button.disabled = false;
    }
  }

  async function finish() {
    const count = setCount(session);
    if (!count && !confirm(t("confirm_finish_empty"))) return;
    stopTimer();
    const finished = session;
    const body = toLogBody(session, new Date());
    if (count) outbox.enqueue({ key: session.id, body, userId: session.userId });
    clearSession();
    app.invalidatePlan();
    const result = h("p.sync-state", { role: "status" }, t("saving"));
    clear(root, h("section.card.finished", {}, h("h2", {}, t("workout_finished")), workoutSummary(session, app.units, new Date()), result, h("div.actions", {}, h("a.button.primary", { href: "/progress", "data-link": true }, t("tab_progress")), h("a.button.ghost", { href: "/today", "data-link": true }, t("tab_today")))));
    if (!count) return void (result.textContent = "");
    await outbox.flush(app.user.id).catch(() => []);
    // The server marked the plan day done: the next Week or Today reads it.
    app.invalidatePlan();
    const waiting = outbox.pending().some((item) => item.key === session.id);
    result.textContent = waiting ? t("saved_offline") : t("saved_server");
    result.className = waiting ? "sync-state warn" : "sync-state ok";
    if (!waiting) {
      const records = await recordsSet(finished, body.completed_at, app.units, library).catch(() => []);
      /** @type {Element} */
      let anchor = result;
      const section = (/** @type {string} */ cls, /** @type {string} */ title, /** @type {string[]} */ lines) => {
        const node = h(`section.${cls}`, {}, h("h3", {}, title), h("ul", {}, lines.map((text) => h("li", {}, text))));
        anchor.after(node);
        anchor = node;
      };
      if (records.length) section("records-set", t("summary_records"), records);
      // What the program changes next time for these exercises, with its reasons (issue 15)
      /** @type {string[]} */
      const next = await api.nextTime().then((/** @type {any} */ r) => r.changes.map((/** @type {any} */ c) => String(c.text))).catch(() => []);
      if (next.length) section("next-time", t("summary_next"), next);
    }
  }

  const supersetSize = (ex) => (ex.superset ? session.exercises.filter((e) => e.block === ex.block && e.superset && e.blockIndex === ex.blockIndex).length : 0);

  function draw() {
    const ex = session.exercises[session.index];
    const units = app.units;
    // step "any": 1.25 kg and 2.5 lb plates make weights no fixed step allows, and the browser would
    // silently refuse to submit them.
    // Bodyweight work is reps; the weight box is an optional added load (empty: bodyweight only).
    const bodyweight = isBodyweight(library.get(ex.exercise_id));
    const weight = h("input.weight", { type: "number", inputmode: "decimal", min: "0", step: "any", placeholder: bodyweight ? t("bodyweight") : "", "aria-label": bodyweight ? t("added_load", { unit: units }) : t("weight_unit", { unit: units }) });
    const setWeight = (s) => {
      const shown = `${formatNumber(shownWeight(s.weight, s.unit, units), 2)} ${units}`;
      if (!bodyweight) return shown;
      return s.weight > 0 ? `${t("bodyweight")} + ${shown}` : t("bodyweight");
    };
    const reps = h("input.reps", { type: "number", inputmode: "numeric", min: "1", step: "1", "aria-label": t("reps") });
    const rpe = h("select.rpe", { "aria-label": "RPE" }, RPE_CHOICES.map((v) => h("option", { value: v }, v || "RPE")));
    const swapSlot = h("div.swap-slot");
    lastTime(ex.exercise_id).then((previous) => {
      const fill = prefill(ex, previous, units);
      if (weight.value === "" && !(bodyweight && !(fill.weight > 0))) weight.value = fill.weight;
      if (reps.value === "") reps.value = fill.reps;
    });
    const form = h("form.set-form", {}, h("label", {}, weight, h("span", {}, bodyweight ? `+ ${units}` : units)), h("label", {}, reps, h("span", {}, t("reps"))), rpe, h("button.primary.log-set", { type: "submit" }, t("log_set", { n: ex.sets.length + 1 })));
    form.addEventListener("submit", (event) => logSet(event));
    const logSet = (event) => {
      event.preventDefault();
      // An empty weight is a bodyweight set.
      const w = weight.value === "" ? 0 : Number(weight.value);
      const r = Number(reps.value);
      // The server refuses fractional reps and weights no human lifts; refusing here keeps the
      // session sendable instead of stuck in the outbox.
      if (!Number.isInteger(r) || r < 1 || r > 100 || !(w >= 0) || convert(w, units, "lb") > 1500) {
        form.classList.add("is-invalid");
        return;
      }
      ex.sets.push({ weight: w, unit: units, reps: r, rpe: rpe.value ? Number(rpe.value) : null, at: new Date().toISOString() });
      advance();
      persist();
      draw();
    };
    const removeSet = (i) => {
      ex.sets.splice(i, 1);
      persist();
      draw();
    };
    clear(
      root,
      h(
        "div.workout",
        {},
        h("header.day-header", {}, h("p.eyebrow", {}, t("live_workout"), ` · ${t("sets_logged", { count: setCount(session) })}`), h("h2", {}, dayTitle(session.title))),
        h(
          "ol.exercise-steps",
          {},
          session.exercises.map((e, i) =>
            h(
              "li",
              { class: [i === session.index ? "is-current" : "", e.sets.length >= e.target_sets ? "is-done" : ""].filter(Boolean).join(" ") },
              h("button.step", { type: "button", onclick: () => { session.index = i; persist(); draw(); } }, `${i + 1}`, h("span.sr", {}, exerciseName(e))),
            ),
          ),
        ),
        restTimer(),
        h(
          "section.card.current-exercise",
          { "data-exercise": ex.exercise_id },
          h("p.eyebrow", {}, supersetSize(ex) > 1 ? t("superset_position", { n: ex.superset, of: supersetSize(ex) }) : blockLabel(ex.block)),
          h("h3", {}, exerciseName(ex)),
          h("p.meta", {}, `${exerciseRx(ex)} · ${t("rest_seconds", { seconds: ex.rest_seconds })}`),
          h(
            "table.sets",
            {},
            h("tbody", {}, ex.sets.map((s, i) => h("tr", {}, h("td", {}, `${i + 1}`), h("td.weight", {}, setWeight(s)), h("td", {}, `× ${s.reps}`), h("td", {}, s.rpe ? `@${s.rpe}` : ""), h("td", {}, h("button.icon", { type: "button", "aria-label": t("delete"), onclick: () => removeSet(i) }, "×"))))),
          ),
          form,
          h("div.actions", {}, h("button.ghost.swap", { type: "button", disabled: swapping, onclick: (event) => swap(ex, swapSlot, event.currentTarget) }, `⇄ ${t("swap")}`), h("button.ghost.next", { type: "button", disabled: session.index >= session.exercises.length - 1, onclick: () => { session.index += 1; persist(); draw(); } }, t("next_exercise"))),
          swapSlot,
        ),
        h("div.actions.end", {}, h("button.primary.finish", { type: "button", onclick: finish }, t("finish_workout")), h("button.ghost.danger.discard", { type: "button", onclick: () => { if (confirm(t("confirm_discard"))) { clearSession(); stopTimer(); app.navigate("/today"); } } }, t("discard"))),
      ),
    );
  }

  draw();
  return stopTimer;
}
