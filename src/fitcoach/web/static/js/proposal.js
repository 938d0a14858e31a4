// The staged proposal card: summary_diff, what changes, Accept Plan / Dismiss, and the stale-plan retry.
import { api, ApiError } from "./api.js";
import { diffDay, diffWeek } from "./diff.js";
import { dayBlocks } from "./dayview.js";
import { errorText } from "./errors.js";
import { clear, h } from "./dom.js";
import { t, weekdayName } from "./i18n.js";
import { dayTitle, exerciseRx, weekTheme } from "./plantext.js";
import { exerciseName } from "./library.js";

function dayChanges(diff) {
  const items = [];
  if (diff.restBefore && !diff.restAfter && diff.titleFrom !== null) items.push(h("li.changed", {}, t("diff_rest_to_training")));
  if (!diff.restBefore && diff.restAfter) items.push(h("li.removed", {}, t("diff_training_to_rest")));
  for (const ex of diff.added) items.push(h("li.added", {}, h("b", {}, "+ "), exerciseName(ex), h("span.rx", {}, ex.to)));
  for (const ex of diff.removed) items.push(h("li.removed", {}, h("b", {}, "− "), exerciseName(ex), h("span.rx", {}, ex.from)));
  for (const ex of diff.changed) {
    const rest = ex.restFrom !== ex.restTo ? ` · ${t("rest_seconds", { seconds: ex.restFrom })} → ${ex.restTo}s` : "";
    items.push(h("li.changed", {}, h("b", {}, "~ "), exerciseName(ex), h("span.rx", {}, ex.from === ex.to ? "" : `${ex.from} → ${ex.to}`, rest)));
  }
  if (!items.length) items.push(h("li.muted", {}, t("diff_no_exercise_change")));
  return h("ul.changes", {}, items);
}

/** A day's exercises in order, one line each: name, sets×reps (supersets tagged A1, A2). */
function dayExercises(day) {
  const items = [];
  (day.blocks || []).forEach((block, b) => {
    const exercises = block.exercises || [];
    exercises.forEach((ex, i) => {
      const tag = exercises.length > 1 ? `${String.fromCharCode(65 + b)}${i + 1}` : "";
      items.push(h("li.day-exercise", { "data-exercise": ex.exercise_id }, tag ? h("span.ss-tag", {}, tag) : null, h("span.ex-name", {}, exerciseName(ex)), h("span.ex-rx", {}, exerciseRx(ex))));
    });
  });
  return h("ol.day-exercises", {}, items);
}

function weekChanges(rows) {
  return h(
    "ol.week-diff",
    {},
    rows.map((row) => {
      const after = row.after;
      const title = !after || after.is_rest_day ? t("rest_day") : dayTitle(after.title);
      const counts = [];
      if (!row.isNew && row.changed) {
        if (row.diff.added.length) counts.push(h("span.added", {}, `+${row.diff.added.length}`));
        if (row.diff.removed.length) counts.push(h("span.removed", {}, `−${row.diff.removed.length}`));
        if (row.diff.changed.length) counts.push(h("span.changed", {}, `~${row.diff.changed.length}`));
      }
      const titleFrom = row.before && !row.isNew ? (row.before.is_rest_day ? t("rest_day") : dayTitle(row.before.title)) : null;
      const head = [
        h("span.day-name", {}, weekdayName(row.day, "short")),
        h(
          "span.day-title",
          {},
          titleFrom && titleFrom !== title ? h("s.muted", {}, titleFrom) : null,
          titleFrom && titleFrom !== title ? " → " : null,
          title,
          after && !after.is_rest_day && after.duration_minutes ? h("span.muted", {}, ` · ${t("minutes", { minutes: after.duration_minutes })}`) : null,
        ),
        h("span.day-counts", {}, counts),
      ];
      const cls = row.changed && !row.isNew ? "li.day-row.is-changed" : "li.day-row";
      // A training day opens onto its exercises: what the week is, before Accept Plan.
      if (!after || after.is_rest_day) return h(cls, { "data-day": row.day }, h("div.day-row-head", {}, head));
      return h(
        `${cls}.has-exercises`,
        { "data-day": row.day },
        h("details.day-details", {}, h("summary.day-row-head", {}, head), dayExercises(after)),
      );
    }),
  );
}

/** The staged proposal that replaced `proposal` on the server: a newer one for the same day, or a newer week. */
export function replacementOf(proposal, staged) {
  const replaces = (p) => p.type === "UPDATE_WEEK" || (proposal.type === "UPDATE_DAY" && p.type === "UPDATE_DAY" && p.target_day === proposal.target_day);
  const newer = staged.filter((p) => p.id !== proposal.id && replaces(p));
  newer.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
  return newer[0] || null;
}

/**
 * A card for one staged proposal. `activePlan` ({version, plan} or null) is what the diff is against;
 * `onStale` refreshes the caller's copy of the plan (after a 409) and may resolve to the fresh one;
 * `onRetry` asks the coach again after a 409 plan_changed; `onAccepted(result)` gets {version, plan}.
 * A proposal superseded by a newer one on the server is replaced in place by that newer card.
 */
export function proposalCard(proposal, options) {
  const { activePlan, onRetry, onStale, onAccepted, onDecided, notice, sessionOnly } = options;
  const plan = activePlan ? activePlan.plan : null;
  const isDay = proposal.type === "UPDATE_DAY";
  const kind = isDay ? t("proposal_day", { day: weekdayName(proposal.target_day) }) : t(plan ? "proposal_week" : "proposal_new_week");
  const state = h("div.proposal-state", { role: "status" });
  const accept = h("button.primary.accept", { type: "button" }, t("accept_plan"));
  const dismiss = h("button.ghost.dismiss", { type: "button" }, t("dismiss"));
  // In a live workout a swap is for the session being trained: that is the first choice; Accept Plan
  // (every week from now on) stays, second.
  const once = sessionOnly ? h("button.primary.session-only", { type: "button" }, t("swap_this_session")) : null;
  if (once) accept.className = "ghost accept";
  const actions = h("div.actions", {}, once, accept, dismiss, once ? h("p.muted.small.keep-hint", {}, t("swap_keep_in_plan")) : null);

  let changes;
  let details;
  if (isDay) {
    const before = plan && plan.days ? plan.days[proposal.target_day] || null : null;
    changes = dayChanges(diffDay(before, proposal.data));
    details = h("details", {}, h("summary", {}, t("see_full_day")), dayBlocks(proposal.data));
  } else {
    changes = weekChanges(diffWeek(plan, proposal.data));
    const theme = proposal.data && proposal.data.theme;
    const program = proposal.data && proposal.data.program;
    // The program's week: each change with its one-line reason ("Incline DB Bench Press 40 → 45 lb: …").
    const reasons = program && program.changes && program.changes.length
      ? h("details.program-changes", { open: true }, h("summary", {}, t("program_changes")), h("ul", {}, program.changes.map((c) => h("li", { "data-kind": c.kind }, c.text))))
      : null;
    details = h("div", {}, reasons, theme ? h("p.theme", {}, weekTheme(theme)) : null);
  }

  const card = h(
    "section.card.proposal",
    { "data-proposal-id": proposal.id, "data-type": proposal.type, "data-target-day": proposal.target_day || null },
    notice ? h("p.warn.notice", { role: "status" }, notice) : null,
    h("p.eyebrow", {}, kind),
    proposal.summary_diff ? h("p.summary", {}, proposal.summary_diff) : null,
    changes,
    details,
    actions,
    state,
  );

  const decided = (text, cls) => {
    actions.remove();
    card.classList.add(cls);
    clear(state, h("p", {}, text));
    if (onDecided) onDecided();
  };

  /** One tap only: a second tap while the question is on its way would ask the coach twice. */
  const retryButton = (before) => {
    const button = h("button.chip.retry", { type: "button" }, t("ask_again"));
    button.addEventListener("click", async () => {
      button.disabled = true;
      actions.remove();
      await before;
      onRetry();
    });
    return button;
  };

  const refreshPlan = () => (onStale ? Promise.resolve(onStale()).catch(() => undefined) : Promise.resolve(undefined));

  const staleNow = () => {
    // It can never apply as it is: Accept goes; Dismiss stays so a card without a question to
    // repeat can still be cleared, and asking again replaces it (the server supersedes it).
    accept.remove();
    card.classList.add("is-stale");
    // A failed refresh (offline) leaves the old copy; the next view load fetches again.
    const refreshed = refreshPlan();
    clear(state, h("p.warn", {}, t("plan_changed")), onRetry ? retryButton(refreshed) : null);
  };

  const superseded = async () => {
    actions.remove();
    card.classList.add("is-superseded");
    clear(state, h("p.warn", {}, t("proposal_superseded")));
    let newer;
    let fresh;
    try {
      [fresh, newer] = await Promise.all([refreshPlan(), api.stagedProposals().then((r) => replacementOf(proposal, r.items))]);
    } catch (err) {
      // Unreachable now: the message stands, and the next load of the view lists what is staged.
      state.append(h("p.error", {}, errorText(err)));
      return;
    }
    if (!newer) {
      // Already decided elsewhere: nothing to show but the way to ask again.
      if (onRetry) state.append(retryButton(Promise.resolve()));
      return;
    }
    const shown = document.querySelector(`.proposal[data-proposal-id="${CSS.escape(newer.id)}"]`);
    if (shown) {
      shown.scrollIntoView({ block: "nearest" });
      return;
    }
    const next = proposalCard(newer, { ...options, activePlan: fresh === undefined ? activePlan : fresh, notice: t("proposal_replaced") });
    card.replaceWith(next);
    next.querySelector("button.accept").focus();
  };

  accept.addEventListener("click", async () => {
    // A disabled button drops focus: a keyboard user who gets an error lands back on Accept.
    const focused = document.activeElement === accept;
    accept.disabled = dismiss.disabled = true;
    let result;
    try {
      result = await api.acceptProposal(proposal.id);
    } catch (err) {
      accept.disabled = dismiss.disabled = false;
      if (focused) accept.focus();
      if (err instanceof ApiError && err.code === "plan_changed") staleNow();
      else if (err instanceof ApiError && err.code === "proposal_superseded") await superseded();
      else if (err instanceof ApiError && err.status === 409) decided(t("proposal_already_decided"), "is-decided");
      else clear(state, h("p.error", { role: "alert" }, errorText(err)));
      return;
    }
    decided(t("accepted_version", { version: result.version }), "is-accepted");
    // The plan is accepted whatever happens next: a failed refresh must not read as a failed accept.
    if (onAccepted) await Promise.resolve(onAccepted(result, card)).catch(() => {});
  });

  if (once) {
    once.addEventListener("click", async () => {
      once.disabled = accept.disabled = dismiss.disabled = true;
      // The plan stays as it is: the proposal is dismissed on the server (a superseded or already
      // decided one needs nothing), and only the session takes the new day.
      try {
        await api.dismissProposal(proposal.id);
      } catch (err) {
        if (!(err instanceof ApiError) || (err.status !== 409 && !err.offline)) {
          once.disabled = accept.disabled = dismiss.disabled = false;
          clear(state, h("p.error", { role: "alert" }, errorText(err)));
          return;
        }
      }
      decided(t("swapped_this_session"), "is-session-only");
      sessionOnly(proposal);
    });
  }

  dismiss.addEventListener("click", async () => {
    accept.disabled = dismiss.disabled = true;
    try {
      await api.dismissProposal(proposal.id);
      decided(t("dismissed"), "is-dismissed");
    } catch (err) {
      accept.disabled = dismiss.disabled = false;
      // Superseded: it can never apply, which is what Dismiss asked for.
      if (err instanceof ApiError && err.code === "proposal_superseded") decided(t("dismissed"), "is-dismissed");
      else if (err instanceof ApiError && err.status === 409) decided(t("proposal_already_decided"), "is-decided");
      else clear(state, h("p.error", { role: "alert" }, errorText(err)));
    }
  });

  return card;
}
