// Me › History: import another app's export (preview, map or skip unknown names, then confirm) and
// download everything. Uploads and downloads go through fetch with the bearer token, like the API.
import { api, ApiError } from "../api.js";
import { clear, h } from "../dom.js";
import { errorText } from "../errors.js";
import { formatDate } from "../i18n.js";
import { getToken } from "../store.js";
import { tr } from "./transfer_strings.js";

async function upload(file, { commit, unit, mapping }) {
  const form = new FormData();
  form.append("file", file);
  form.append("commit", commit ? "true" : "false");
  form.append("unit", unit);
  form.append("timezone", Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  form.append("mapping", JSON.stringify(mapping));
  let response;
  try {
    response = await fetch("/api/import", { method: "POST", body: form, headers: { Authorization: `Bearer ${getToken()}`, Accept: "application/json" } });
  } catch (err) {
    throw new ApiError(0, "network", String(err));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || `http_${response.status}`, error.message || `HTTP ${response.status}`, error.details);
  }
  return data;
}

async function download(format) {
  const response = await fetch(`/api/export?format=${format}`, { headers: { Authorization: `Bearer ${getToken()}` } });
  if (!response.ok) throw new ApiError(response.status, `http_${response.status}`, `HTTP ${response.status}`);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "")?.[1] || `fitcoach.${format}`;
  const link = h("a", { href: URL.createObjectURL(await response.blob()), download: name });
  document.body.append(link);
  link.click();
  link.remove();
}

function nameChoice(name, exercises, mapping) {
  const options = [
    h("option", { value: "" }, tr("keep")),
    h("option", { value: "skip" }, tr("skip")),
    ...name.suggestions.map((slug) => h("option", { value: slug }, exercises.get(slug) || slug)),
    h("option", { disabled: true }, "──"),
    ...[...exercises].filter(([slug]) => !name.suggestions.includes(slug)).map(([slug, label]) => h("option", { value: slug }, label)),
  ];
  const select = h("select.map-name", { "aria-label": name.name, "data-name": name.name }, options);
  select.addEventListener("change", () => {
    if (select.value === "") delete mapping[name.name];
    else mapping[name.name] = select.value === "skip" ? "" : select.value;
  });
  return h("li.unmatched", {}, h("span", {}, `${name.name} · ${name.sets}`), select);
}

function summaryView(preview, exercises, mapping, onConfirm) {
  const when = (iso) => (iso ? formatDate(iso, { dateStyle: "medium" }) : "–");
  return h(
    "div.import-preview",
    {},
    h("p.import-summary", {}, tr("summary", { sessions: preview.sessions, sets: preview.sets, warmups: preview.warmup_sets, first: when(preview.first), last: when(preview.last) })),
    preview.already_imported_sessions ? h("p.muted.small", {}, tr("already", { count: preview.already_imported_sessions })) : null,
    h("p.muted.small", {}, tr("skipped", preview.skipped)),
    h("p.small", {}, tr("matched", { count: preview.matched.length })),
    preview.unmatched.length ? [h("h4", {}, tr("unmatched")), h("ul.unmatched-list", {}, preview.unmatched.map((name) => nameChoice(name, exercises, mapping)))] : null,
    preview.sessions || preview.unmatched.length
      ? h("button.primary.import-confirm", { type: "button", onclick: onConfirm }, tr("confirm", { sessions: preview.sessions }))
      : h("p.muted", {}, tr("nothing")),
  );
}

/** The section; it loads nothing until a file is chosen. */
export function transferSection(app) {
  // A file input's own width overflows a phone's card: the stylesheet gives it the card's width.
  const file = h("input.import-file", { type: "file", accept: ".csv,.json,text/csv,application/json", "aria-label": tr("file") });
  const unit = h("select.import-unit", { "aria-label": tr("unit") }, ["kg", "lb"].map((u) => h("option", { value: u, selected: u === app.units }, u)));
  const status = h("div.import-status", { "aria-live": "polite" });
  const error = h("p.error", { role: "alert" });
  const previewButton = h("button.ghost.import-preview-button", { type: "button" }, tr("preview"));
  let mapping = {};

  const run = async (commit) => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    error.textContent = "";
    clear(status, h("p.muted.small", {}, commit ? tr("importing") : tr("previewing")));
    try {
      const [answer, library] = await Promise.all([upload(chosen, { commit, unit: unit.value, mapping }), api.exercises()]);
      const exercises = new Map(library.map((e) => [e.slug, e.name]));
      if (commit) {
        clear(status, h("p.import-done", {}, answer.sessions ? tr("done", { sessions: answer.sessions, sets: answer.sets }) : tr("nothing")));
        app.invalidatePlan?.();
        return;
      }
      clear(status, summaryView(answer, exercises, mapping, () => run(true)));
    } catch (err) {
      clear(status);
      error.textContent = errorText(err);
    }
  };
  previewButton.addEventListener("click", () => { mapping = {}; run(false); });
  file.addEventListener("change", () => { mapping = {}; clear(status); });

  const exportError = h("p.error.small", { role: "alert" });
  const exportButton = (format) =>
    h(`button.ghost.small.export-${format}`, { type: "button", onclick: () => download(format).catch((err) => { exportError.textContent = errorText(err); }) }, tr(`export_${format}`));

  return [
    h(
      "section.card.history-import",
      {},
      h("h3", {}, tr("title")),
      h("p.muted.small", {}, tr("body")),
      h("label.import-field", {}, h("span", {}, tr("file")), file),
      h("label.transfer-row", {}, h("span", {}, tr("unit")), unit),
      previewButton,
      status,
      error,
    ),
    h("section.card.history-export", {}, h("h3", {}, tr("export_title")), h("div.transfer-row", {}, exportButton("json"), exportButton("csv")), exportError),
  ];
}
