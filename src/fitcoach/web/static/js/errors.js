// What a failed request tells the user, in their language: never a raw server page, never nothing.
import { ApiError } from "./api.js";
import { t } from "./i18n.js";

export function errorText(err) {
  if (err instanceof ApiError) {
    if (err.offline) return t("error_offline");
    if (err.status === 429) return t("error_rate_limited");
    if (err.status >= 500) return t("error_server");
  }
  return `${t("error_generic")} ${err && err.message ? err.message : ""}`.trim();
}
