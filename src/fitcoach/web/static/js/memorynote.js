// "Noted: right shoulder irritation, until Sat": what a turn changed in the coach's memory, dismissable.
import { h } from "./dom.js";
import { formatDate, t } from "./i18n.js";
import { memoryText } from "./plantext.js";

export function describeMutation(mutation) {
  const entry = mutation.entry || {};
  const what = memoryText(entry) || mutation.reason || "";
  const until = entry.expires_at ? t("memory_until", { date: formatDate(entry.expires_at, { weekday: "short", day: "numeric", month: "short" }) }) : "";
  const key = { CREATE: "memory_noted", UPDATE: "memory_updated", DELETE: "memory_forgot" }[mutation.operation] || "memory_noted";
  return t(key, { what: until ? `${what}, ${until}` : what });
}

export function memoryNotes(mutations) {
  if (!mutations || !mutations.length) return null;
  return h(
    "div.memory-notes",
    {},
    mutations.map((mutation) => {
      const note = h(
        "p.memory-note",
        { "data-operation": mutation.operation, "data-tier": mutation.target_tier },
        h("span", {}, describeMutation(mutation)),
      );
      note.append(h("button.icon.close", { type: "button", "aria-label": t("dismiss"), onclick: () => note.remove() }, "×"));
      return note;
    }),
  );
}
