// /coach: the chat. Sends active_tab + selected_day with every message; proposals render as cards.
import { api, ApiError } from "../api.js";
import { clear, h, markdown } from "../dom.js";
import { errorText } from "../errors.js";
import { formatDate, formatNumber, t, weekdayName } from "../i18n.js";
import { memoryNotes } from "../memorynote.js";
import { suggestedEdit } from "../plantext.js";
import { proposalCard } from "../proposal.js";

const TABS = new Set(["coach", "today", "week", "workout"]);
const HISTORY_PAGE = 20;
/** The server's limit on a chat message (ChatRequest.message max_length), counted in code points. */
export const MAX_MESSAGE = 4000;
/** The counter shows from this length on: out of the way for ordinary messages. */
const COUNTER_FROM = 3000;

export const messageLength = (text) => [...String(text || "")].length;

export function chips(texts, send) {
  if (!texts || !texts.length) return null;
  return h(
    "div.chips",
    {},
    texts.map(suggestedEdit).map((text) => h("button.chip", { type: "button", onclick: () => send(text) }, text)),
  );
}

/**
 * Scroll so `el` ends just above the sticky composer (and the tab bar under it): scrollIntoView
 * would leave the newest message and a card's Accept Plan behind them at phone size.
 */
export function revealEnd(el) {
  if (!el || !el.isConnected) return;
  const composer = document.querySelector(".composer-wrap");
  const limit = composer ? composer.getBoundingClientRect().top - 8 : window.innerHeight;
  const delta = el.getBoundingClientRect().bottom - limit;
  if (delta > 0) window.scrollBy(0, delta);
}

export function bubble(who, content, time) {
  return h(`div.bubble.${who}`, {}, typeof content === "string" ? (who === "coach" ? markdown(content) : h("p", {}, content)) : content, time ? h("time", {}, time) : null);
}

export async function renderCoach(root, { app, query }) {
  const context = {
    activeTab: TABS.has(query.tab) ? query.tab : "coach",
    selectedDay: query.day || null,
  };
  const [past, staged, activePlan] = await Promise.all([
    api.chatHistory({ limit: HISTORY_PAGE }),
    api.stagedProposals(),
    app.activePlan(),
  ]);
  let plan = activePlan;
  const stagedIds = new Set(staged.items.map((p) => p.id));
  const shown = new Set();
  const thread = h("div.thread", { "aria-live": "polite" });
  const chipRow = h("div.chip-row");
  const input = h("textarea.composer-input", { rows: 1, placeholder: t("message_placeholder"), "aria-label": t("message_placeholder") });
  const sendButton = h("button.primary.send", { type: "submit", "aria-label": t("send") }, "➤");
  const counter = h("p.composer-count", { "aria-live": "polite", hidden: true });
  const tooLong = h("p.error.composer-error", { role: "alert", hidden: true });
  const updateCounter = () => {
    const count = messageLength(input.value);
    counter.hidden = count < COUNTER_FROM;
    counter.textContent = t("message_count", { count: formatNumber(count), max: formatNumber(MAX_MESSAGE) });
    counter.classList.toggle("is-over", count > MAX_MESSAGE);
    if (count <= MAX_MESSAGE) tooLong.hidden = true;
  };
  input.addEventListener("input", updateCounter);

  const card = (proposal, retryMessage, retryContext) => {
    shown.add(proposal.id);
    return proposalCard(proposal, {
      activePlan: plan,
      onRetry: retryMessage ? () => send(retryMessage, retryContext) : null,
      // The next card's diff must be against the plan as it is now, not the one this card saw.
      onStale: async () => {
        app.invalidatePlan();
        plan = await app.activePlan();
        return plan;
      },
      onAccepted: async (_result, accepted) => {
        // Right under the card it answers, at once: appended after the plan is read again, it landed
        // below a turn the user had sent meanwhile.
        const links = h(
          "p.system",
          {},
          h("a", { href: "/week", "data-link": true }, t("see_week")),
          " · ",
          h("a", { href: "/today", "data-link": true }, t("see_today")),
        );
        accepted.after(links);
        if (thread.lastElementChild === links) revealEnd(links);
        app.invalidatePlan();
        plan = await app.activePlan();
        updateChips(null);
      },
    });
  };

  const updateChips = (reply) => {
    let texts = reply && reply.proposal && reply.proposal.data ? reply.proposal.data.suggested_edits : null;
    if (!texts && plan && plan.plan) {
      const day = context.selectedDay && plan.plan.days ? plan.plan.days[context.selectedDay] : null;
      texts = day && day.suggested_edits && day.suggested_edits.length ? day.suggested_edits : plan.plan.suggested_edits;
    }
    clear(chipRow, chips(texts, (text) => send(text)));
  };

  const renderTurn = (message, reply, when, turnContext, { live, legacy = null }) => {
    const nodes = [bubble("user", message, when)];
    // A turn stored in an older shape has no reply to act on, but its words are still the coach's.
    if (!reply) return legacy && legacy.message ? [...nodes, bubble("coach", legacy.message)] : nodes;
    nodes.push(bubble("coach", reply.message));
    // A short question the coach asks when unsure may offer answers: tapping one sends it (R34), in
    // the context of the turn it answers. Only on a live reply: an old question's answers are stale.
    const offered = Array.isArray(reply.suggested_edits) ? reply.suggested_edits : [];
    if (live && offered.length) {
      const row = chips(offered, (text) => send(text, turnContext));
      if (row) row.classList.add("reply-chips");
      nodes.push(row);
    }
    if (live) nodes.push(memoryNotes(reply.memory_mutations));
    const proposal = reply.proposal;
    if (proposal && proposal.type !== "NONE" && proposal.id && (live || stagedIds.has(proposal.id))) {
      nodes.push(card(proposal, message, turnContext));
    }
    return nodes.filter(Boolean);
  };

  // Cards for staged proposals not shown yet, right after `anchor`, the newest revealed above the
  // composer. A failed read leaves them for the next page load: the reply is in either way.
  const showNewlyStaged = async (anchor) => {
    let fresh;
    try {
      fresh = await api.stagedProposals();
    } catch {
      return;
    }
    const cards = fresh.items.filter((proposal) => !shown.has(proposal.id)).map((proposal) => {
      stagedIds.add(proposal.id);
      return card(proposal, null, context);
    });
    if (!cards.length) return;
    if (anchor && anchor.isConnected) anchor.after(...cards);
    else thread.append(...cards);
    revealEnd(cards[cards.length - 1]);
  };

  // One turn at a time: Enter, a chip or "Try again" while the coach is answering would start a second
  // turn whose proposal supersedes the first; the text stays in the box to send once the answer is in.
  let busy = false;
  async function send(text, turnContext = context) {
    const message = String(text || "").trim();
    if (!message || busy) return;
    const size = messageLength(message);
    if (size > MAX_MESSAGE) {
      // Kept in the box to shorten; nothing is sent, so nothing fails later.
      if (!input.value) input.value = message;
      updateCounter();
      tooLong.textContent = t("message_too_long", { count: formatNumber(size), max: formatNumber(MAX_MESSAGE) });
      tooLong.hidden = false;
      return;
    }
    busy = true;
    // A chip or "Try again" leaves whatever the user is typing in the box.
    const typed = input.value;
    const fromBox = typed.trim() === message;
    if (fromBox) input.value = "";
    updateCounter();
    const pendingBubble = bubble("coach", h("p.typing", {}, t("coach_typing")));
    thread.append(bubble("user", message), pendingBubble);
    revealEnd(pendingBubble);
    sendButton.disabled = true;
    try {
      const reply = await api.chat({ message, ...turnContext });
      const nodes = renderTurn(message, reply, null, turnContext, { live: true });
      nodes.shift();
      pendingBubble.replaceWith(...nodes);
      updateChips(reply);
      revealEnd(nodes[nodes.length - 1]);
      // The turn may have staged a proposal besides its own (next week, once the week's last session
      // is behind the user): its card shows under the reply now, not on the next page load.
      await showNewlyStaged(nodes[nodes.length - 1]);
      // "Dumbbells up to 22 kg": the server learns the user's unit from their words; show weights in it.
      app
        .refreshUnits()
        .then((learned) => {
          if (!learned) return;
          const note = h("p.system.units-learned", {}, t("units_learned", { unit: app.units }), " ", h("a", { href: "/me", "data-link": true }, t("units_change")));
          nodes[nodes.length - 1].after(note);
          revealEnd(note);
        })
        .catch(() => {});
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return app.signOut();
      if (err instanceof ApiError && (err.status === 422 || err.status === 400 || err.status === 413)) {
        // Refused as written: resending the same text would fail the same way. It goes back in the
        // box (unless the user already typed something new) to change and send again.
        pendingBubble.previousElementSibling?.remove();
        pendingBubble.remove();
        if (!input.value) input.value = fromBox ? typed : message;
        updateCounter();
        tooLong.textContent = t("message_refused");
        tooLong.hidden = false;
        return;
      }
      const failed = h(
        "div.bubble.coach.failed",
        {},
        h("p.error", { role: "alert" }, errorText(err)),
        h("button.chip.retry", { type: "button", onclick: () => { if (busy) return; failed.previousElementSibling?.remove(); failed.remove(); send(message, turnContext); } }, t("retry")),
      );
      pendingBubble.replaceWith(failed);
    } finally {
      busy = false;
      sendButton.disabled = false;
    }
  }

  const items = [...past.items].reverse();
  if (!items.length) thread.append(bubble("coach", t("welcome")));
  if (past.items.length === HISTORY_PAGE) {
    const older = h("button.ghost.small.load-older", { type: "button" }, t("load_older"));
    older.addEventListener("click", async () => {
      older.disabled = true;
      let page;
      try {
        page = await api.chatHistory({ limit: HISTORY_PAGE, before: items[0].id });
      } catch (err) {
        older.disabled = false;
        older.after(h("p.error.small", { role: "alert" }, errorText(err)));
        return;
      }
      const nodes = [...page.items].reverse().flatMap((it) => renderTurn(it.message, it.reply, formatDate(it.created_at, { dateStyle: "medium", timeStyle: "short" }), context, { live: false, legacy: it.legacy_reply }));
      older.after(...nodes);
      if (page.items.length < HISTORY_PAGE) older.remove();
      else older.disabled = false;
      if (page.items.length) items.unshift(...[...page.items].reverse());
    });
    thread.append(older);
  }
  for (const item of items) {
    thread.append(...renderTurn(item.message, item.reply, formatDate(item.created_at, { dateStyle: "medium", timeStyle: "short" }), context, { live: false, legacy: item.legacy_reply }));
  }
  for (const proposal of staged.items) {
    if (!shown.has(proposal.id)) thread.append(card(proposal, null, context));
  }
  updateChips(items.length ? items[items.length - 1].reply : null);

  const contextPill =
    context.activeTab !== "coach"
      ? h(
          "p.context-pill",
          {},
          t("context_label", { tab: t(`tab_${context.activeTab === "workout" ? "today" : context.activeTab}`) }),
          context.selectedDay ? ` · ${weekdayName(context.selectedDay)}` : "",
          h("a.icon", { href: "/coach", "data-link": true, "aria-label": t("dismiss") }, " ×"),
        )
      : null;

  const form = h("form.composer", {}, input, sendButton);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(input.value);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send(input.value);
    }
  });
  clear(root, h("div.coach-view", {}, contextPill, thread, h("div.composer-wrap", {}, chipRow, tooLong, form, counter)));
  revealEnd(thread.lastElementChild);
  if (query.ask) {
    // Sent once: a reload of this address must not ask the coach a second time.
    const params = new URLSearchParams(location.search);
    params.delete("ask");
    const rest = params.toString();
    window.history.replaceState({}, "", rest ? `/coach?${rest}` : "/coach");
    send(query.ask);
  }
}
