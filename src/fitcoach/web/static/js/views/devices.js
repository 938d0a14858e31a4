// Me › Devices: every browser or app signed in to this account (one token each), with sign-out per device.
import { api } from "../api.js";
import { clear, h } from "../dom.js";
import { errorText } from "../errors.js";
import { formatDate, t } from "../i18n.js";

function when(iso) {
  return iso ? formatDate(iso, { dateStyle: "medium", timeStyle: "short" }) : t("device_never_used");
}

function deviceRow(token, { app, onRevoked }) {
  const error = h("p.error.small", { role: "alert" });
  const button = h("button.ghost.small.danger.revoke", { type: "button" }, token.current ? t("sign_out") : t("device_revoke"));
  button.addEventListener("click", async () => {
    if (token.current) {
      app.signOut();
      return;
    }
    if (!confirm(t("confirm_revoke_device", { name: token.name || t("device_unnamed") }))) return;
    button.disabled = true;
    error.textContent = "";
    try {
      await api.revokeToken(token.id);
      onRevoked(token);
    } catch (err) {
      button.disabled = false;
      error.textContent = errorText(err);
    }
  });
  return h(
    "li.device",
    { "data-token-id": token.id },
    h("div.device-name", {}, token.name || t("device_unnamed"), token.current ? h("span.badge.current", {}, t("device_this")) : null),
    h("div.muted.small", {}, t("device_last_used", { when: when(token.last_used_at || token.created_at) })),
    h("div.muted.small", {}, t("device_expires", { when: when(token.expires_at) })),
    button,
    error,
  );
}

/** The section, filled in when the list arrives, so the rest of Me never waits for it. */
export function devicesSection(app) {
  const body = h("div.devices-body", {}, h("p.muted.small", {}, t("loading")));
  const section = h("section.card.devices", {}, h("h3", {}, t("devices")), h("p.muted.small", {}, t("devices_body")), body);
  const load = async () => {
    try {
      const { items } = await api.tokens();
      const list = h("ul.device-list");
      const onRevoked = (token) => list.querySelector(`[data-token-id="${CSS.escape(token.id)}"]`)?.remove();
      list.append(...items.map((token) => deviceRow(token, { app, onRevoked })));
      clear(body, list);
    } catch (err) {
      clear(body, h("p.error", { role: "alert" }, errorText(err)));
    }
  };
  load();
  return section;
}
