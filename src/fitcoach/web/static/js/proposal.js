// The staged proposal card: summary_diff, what changes, Accept Plan / Dismiss, and the stale-plan retry.
import { api, ApiError } from "./api.js";
import { diffDay, diffWeek } from "./diff.js";
import { dayBlocks } from "./dayview.js";
import { clear, h } from "./dom.js";
import { t, weekdayName } from "./i18n.js";

function dayChanges(diff) {
  const items = [];
  if (diff.restBefore && !diff.restAfter && diff.titleFrom !== null) items.push(h("li.changed", {}, t("diff_rest_to_training")));
  if (!diff.restBefore && diff.restAfter) items.push(h("li.removed", {}, t("diff_training_to_rest")));
  for (const ex of diff.added) items.push(h("li.added", {}, h("b", {}, "+ "), ex.name, h("span.rx", {}, ex.to)));
  for (const ex of diff.removed) items.push(h("li.removed", {}, h("b", {}, "− "), ex.name, h("span.rx", {}, ex.from)));
  for (const ex of diff.changed) {
    const rest = ex.restFrom !== ex.restTo ? ` · ${t("rest_seconds", { seconds: ex.restFrom })} → ${ex.restTo}s` : "";
    items.push(h("li.changed", {}, h("b", {}, "~ "), ex.name, h("span.rx", {}, ex.from === ex.to ? "" : `${ex.from} → ${ex.to}`, rest)));
  }
  if (!items.length) items.push(h("li.muted", {}, t("diff_no_exercise_change")));
  return h("ul.changes", {}, items);
}

function weekChanges(rows) {
  return h(
    "ol.week-diff",
    {},
    rows.map((row) => {
      const after = row.after;
      const title = !after || after.is_rest_day ? t("rest_day") : after.title;
      const counts = [];
      if (!row.isNew && row.changed) {
        if (row.diff.added.length) counts.push(h("span.added", {}, `+${row.diff.added.length}`));
        if (row.diff.removed.length) counts.push(h("span.removed", {}, `−${row.diff.removed.length}`));
        if (row.diff.changed.length) counts.push(h("span.changed", {}, `~${row.diff.changed.length}`));
      }
      const titleFrom = row.before && !row.isNew ? (row.before.is_rest_day ? t("rest_day") : row.before.title) : null;
      return h(
        row.changed && !row.isNew ? "li.day-row.is-changed" : "li.day-row",
        { "data-day": row.day },
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
      );
    }),
  );
}

/**
 * A card for one staged proposal. `activePlan` ({version, plan} or null) is what the diff is against;
 * `onRetry` asks the coach again after a 409 plan_changed, when `onStale` has refreshed the caller's
 * copy of the plan; `onAccepted(result)` gets {version, plan}.
 */
export function proposalCard(proposal, { activePlan, onRetry, onStale, onAccepted, onDecided }) {
  const plan = activePlan ? activePlan.plan : null;
  const isDay = proposal.type === "UPDATE_DAY";
  const kind = isDay ? t("proposal_day", { day: weekdayName(proposal.target_day) }) : t(plan ? "proposal_week" : "proposal_new_week");
  const state = h("div.proposal-state", { role: "status" });
  const accept = h("button.primary.accept", { type: "button" }, t("accept_plan"));
  const dismiss = h("button.ghost.dismiss", { type: "button" }, t("dismiss"));
  const actions = h("div.actions", {}, accept, dismiss);

  let changes;
  let details;
  if (isDay) {
    const before = plan && plan.days ? plan.days[proposal.target_day] || null : null;
    changes = dayChanges(diffDay(before, proposal.data));
    details = h("details", {}, h("summary", {}, t("see_full_day")), dayBlocks(proposal.data));
  } else {
    changes = weekChanges(diffWeek(plan, proposal.data));
    const theme = proposal.data && proposal.data.theme;
    details = theme ? h("p.theme", {}, theme) : null;
  }

  const card = h(
    "section.card.proposal",
    { "data-proposal-id": proposal.id, "data-type": proposal.type },
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

  accept.addEventListener("click", async () => {
    accept.disabled = dismiss.disabled = true;
    try {
      const result = await api.acceptProposal(proposal.id);
      decided(t("accepted_version", { version: result.version }), "is-accepted");
      if (onAccepted) await onAccepted(result);
    } catch (err) {
      accept.disabled = dismiss.disabled = false;
      if (err instanceof ApiError && err.code === "plan_changed") {
        // It can never apply as it is: Accept goes; Dismiss stays so a card without a question to
        // repeat can still be cleared, and asking again replaces it (the server supersedes it).
        accept.remove();
        card.classList.add("is-stale");
        // A failed refresh (offline) leaves the old copy; the next view load fetches again.
        const refreshed = onStale ? Promise.resolve(onStale()).catch(() => {}) : Promise.resolve();
        const retry = async () => {
          actions.remove();
          await refreshed;
          onRetry();
        };
        clear(
          state,
          h("p.warn", {}, t("plan_changed")),
          onRetry ? h("button.chip.retry", { type: "button", onclick: retry }, t("ask_again")) : null,
        );
      } else if (err instanceof ApiError && err.status === 409) {
        decided(t("proposal_already_decided"), "is-decided");
      } else {
        clear(state, h("p.error", {}, err instanceof ApiError && err.offline ? t("error_offline") : err.message));
      }
    }
  });

  dismiss.addEventListener("click", async () => {
    accept.disabled = dismiss.disabled = true;
    try {
      await api.dismissProposal(proposal.id);
      decided(t("dismissed"), "is-dismissed");
    } catch (err) {
      accept.disabled = dismiss.disabled = false;
      clear(state, h("p.error", {}, err instanceof ApiError && err.offline ? t("error_offline") : err.message));
    }
  });

  return card;
}
