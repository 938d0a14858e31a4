// Sign-in: paste a token, or one click for the local default user when the server offers one.
import { api, ApiError } from "../api.js";
import { clear, h } from "../dom.js";
import { errorText } from "../errors.js";
import { t } from "../i18n.js";

export async function renderSignIn(root, { app }) {
  const token = h("input.token", { type: "password", autocomplete: "current-password", placeholder: t("token_placeholder"), "aria-label": t("token_placeholder") });
  const error = h("p.error", { role: "alert" });
  const defaultSlot = h("div.default-user");
  const attempt = async (value) => {
    error.textContent = "";
    try {
      await app.signIn(value);
    } catch (err) {
      error.textContent = err instanceof ApiError && err.status === 401 ? t("bad_token") : errorText(err);
    }
  };
  const form = h("form.card.signin", {}, h("h2", {}, t("sign_in")), h("p.muted", {}, t("sign_in_body")), token, h("button.primary", { type: "submit" }, t("sign_in")), error);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (token.value.trim()) attempt(token.value.trim());
  });
  clear(root, h("div.signin-page", {}, h("h1.hero", {}, t("tagline")), defaultSlot, form));
  try {
    const local = await api.authDefault();
    clear(defaultSlot, h("button.primary.big.default-sign-in", { type: "button", onclick: () => attempt(local.token) }, t("continue_as", { name: local.name })));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // 404: no local default user on this server; the token form is the way in.
  }
}
