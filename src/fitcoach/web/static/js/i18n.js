// UI strings in five languages: picked from the browser, switchable, remembered in localStorage.
import en from "./locales/en.js";
import fr from "./locales/fr.js";
import pt from "./locales/pt.js";
import ru from "./locales/ru.js";
import zhHant from "./locales/zh-Hant.js";
import { getState, setState } from "./store.js";

export const LANGUAGES = { en, fr, pt, ru, "zh-Hant": zhHant };
export const LANGUAGE_NAMES = { en: "English", fr: "Français", pt: "Português", ru: "Русский", "zh-Hant": "繁體中文" };

/** Map a BCP 47 tag (navigator.language) onto a supported language; Chinese of any script → zh-Hant. */
export function matchLanguage(tag) {
  const lower = String(tag || "").toLowerCase();
  if (lower.startsWith("zh")) return "zh-Hant";
  const base = lower.split("-")[0];
  return base in LANGUAGES ? base : "en";
}

let current = getState().lang || matchLanguage(navigator.language);

export const getLang = () => current;

export function setLang(lang) {
  current = lang in LANGUAGES ? lang : "en";
  setState({ lang: current });
  document.documentElement.lang = current;
}

/** t("continue_as", {name}) → the string in the current language, falling back to English, then the key. */
export function t(key, vars = {}) {
  let text = LANGUAGES[current][key] ?? en[key] ?? key;
  // A string with plural forms ({one, few, many, other}) picks the form of vars.count in this language.
  if (typeof text === "object") text = text[new Intl.PluralRules(current).select(Number(vars.count))] ?? text.other;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in vars ? String(vars[name]) : `{${name}}`));
}

const WEEKDAY_INDEX = { monday: 0, tuesday: 1, wednesday: 2, thursday: 3, friday: 4, saturday: 5, sunday: 6 };

/** A weekday name ("monday") in the current language, long or short. */
/**
 * @param {string} day
 * @param {"long" | "short" | "narrow"} [style]
 */
export function weekdayName(day, style = "long") {
  // 2024-01-01 was a Monday; noon UTC keeps every time zone on the same date.
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAY_INDEX[day], 12));
  return new Intl.DateTimeFormat(current, { weekday: style, timeZone: "UTC" }).format(date);
}

/**
 * @param {string | null | undefined} iso a date (YYYY-MM-DD, read at noon UTC) or an instant
 * @param {Intl.DateTimeFormatOptions} [options]
 */
export function formatDate(iso, options = { weekday: "short", day: "numeric", month: "short" }) {
  if (!iso) return "";
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(current, options).format(date);
}

export function formatNumber(value, digits = 0) {
  return new Intl.NumberFormat(current, { maximumFractionDigits: digits }).format(value);
}

document.documentElement.lang = current;
