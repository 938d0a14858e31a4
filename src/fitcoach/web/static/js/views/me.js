// /me: what the coach remembers (by tier, with expiry, "forget"), plan versions with undo, settings.
import { api } from "../api.js";
import { clear, h } from "../dom.js";
import { errorText } from "../errors.js";
import { formatDate, getLang, LANGUAGE_NAMES, setLang, t } from "../i18n.js";
import * as outbox from "../outbox.js";
import { devicesSection } from "./devices.js";
import { transferSection } from "./transfer.js";

const TIERS = ["tier_1_staples", "tier_2_physiological", "tier_3_situational"];

function memoryItem(item, onForget) {
  const entry = item.entry || {};
  const kind = entry.category || entry.condition || null;
  const label = kind ? t(`kind_${kind}`) : null;
  const forget = h("button.ghost.small.forget", { type: "button" }, t("forget"));
  const li = h(
    "li.memory-item",
    { "data-memory-id": item.id },
    h("div", {}, label ? h("span.badge.kind", {}, label) : null, entry.fact || entry.event || entry.body_part || ""),
    h("div.muted.small", {}, item.expires_at ? t("expires_on", { date: formatDate(item.expires_at, { dateStyle: "medium" }) }) : t("permanent")),
    forget,
  );
  forget.addEventListener("click", async () => {
    if (!confirm(t("confirm_forget"))) return;
    forget.disabled = true;
    li.querySelector(".error")?.remove();
    try {
      await onForget(item);
      li.remove();
    } catch (err) {
      forget.disabled = false;
      li.append(h("p.error.small", { role: "alert" }, errorText(err)));
    }
  });
  return li;
}

function versionList(versions, activeVersion, onRevert) {
  return h(
    "ol.versions",
    {},
    versions.map((v) => {
      const isActive = v.version === activeVersion;
      const previous = versions.find((o) => o.version < v.version);
      const button =
        isActive && previous
          ? h("button.ghost.small.undo", { type: "button", onclick: () => onRevert(previous.version) }, t("undo"))
          : !isActive
            ? h("button.ghost.small.restore", { type: "button", onclick: () => onRevert(v.version) }, t("restore"))
            : null;
      return h(
        isActive ? "li.version.is-active" : "li.version",
        { "data-version": v.version },
        h("span", {}, `v${v.version}`),
        h("span.muted", {}, ` ${formatDate(v.created_at, { dateStyle: "medium", timeStyle: "short" })} · ${t(`reason_${v.reason}`)}`),
        button,
      );
    }),
  );
}

export async function renderMe(root, { app }) {
  const [memory, versions] = await Promise.all([api.memory(), api.planVersions()]);
  const items = [...versions.items].sort((a, b) => b.version - a.version);
  const activeVersion = items.length ? items[0].version : null;

  const revertError = h("p.error", { role: "alert" });
  let reverting = false;
  const revert = async (version) => {
    if (reverting || !confirm(t("confirm_revert", { version }))) return;
    reverting = true;
    revertError.textContent = "";
    try {
      await api.revertPlan(version);
    } catch (err) {
      revertError.textContent = errorText(err);
      return;
    } finally {
      reverting = false;
    }
    app.invalidatePlan();
    app.rerender();
  };
  const forget = (item) => api.forgetMemory(item.id);
  const forgetAllError = h("p.error", { role: "alert" });
  const forgetAll = async () => {
    if (!confirm(t("confirm_forget_all"))) return;
    try {
      await api.forgetAllMemory();
    } catch (err) {
      forgetAllError.textContent = errorText(err);
      return;
    }
    app.rerender();
  };
  const anything = TIERS.some((tier) => (memory[tier] || []).length);

  const language = h("select.language", { "aria-label": t("language") }, Object.entries(LANGUAGE_NAMES).map(([code, name]) => h("option", { value: code, selected: code === getLang() }, name)));
  language.addEventListener("change", async () => {
    setLang(language.value);
    await app.setLanguage(language.value);
    app.rerender();
  });
  const unitButtons = ["kg", "lb"].map((u) =>
    h(`button.segment${u === app.units ? ".is-on" : ""}`, { type: "button", "data-units": u, "aria-pressed": String(u === app.units), onclick: async () => { await app.setUnits(u); app.rerender(); } }, u),
  );
  const waiting = outbox.pending();

  clear(
    root,
    h(
      "div.me",
      {},
      h("header.day-header", {}, h("p.eyebrow", {}, t("signed_in_as")), h("h2", {}, app.user.name)),
      h(
        "section.card.memory",
        {},
        h("h3", {}, t("coach_remembers")),
        TIERS.map((tier) => {
          const list = memory[tier] || [];
          return h("div.tier", { "data-tier": tier }, h("h4", {}, t(tier)), list.length ? h("ul.memory-list", {}, list.map((item) => memoryItem(item, forget))) : h("p.muted.small", {}, t("nothing_yet")));
        }),
        anything ? h("button.ghost.danger.small.forget-all", { type: "button", onclick: forgetAll }, t("forget_all")) : null,
        forgetAllError,
      ),
      devicesSection(app),
      transferSection(app),
      h("section.card", {}, h("h3", {}, t("plan_versions")), items.length ? versionList(items, activeVersion, revert) : h("p.muted", {}, t("no_plan_title")), revertError),
      h(
        "section.card.settings",
        {},
        h("h3", {}, t("settings")),
        h("label.row", {}, h("span", {}, t("language")), language),
        h("div.row", {}, h("span", {}, t("units")), h("div.segmented", { role: "group" }, unitButtons)),
        waiting.length ? h("p.warn", {}, t("outbox_pending", { count: waiting.length })) : null,
        waiting.filter(outbox.isRejected).map((item) =>
          h(
            "p.error.rejected",
            {},
            t("outbox_rejected", { date: formatDate(item.body.completed_at), code: item.lastError }),
            " ",
            h("button.ghost.small", { type: "button", onclick: () => { outbox.discard(item.key); app.rerender(); } }, t("discard")),
          ),
        ),
        h("button.ghost.danger.sign-out", { type: "button", onclick: () => { if (!waiting.length || confirm(t("confirm_sign_out_pending"))) app.signOut(); } }, t("sign_out")),
      ),
    ),
  );
}
