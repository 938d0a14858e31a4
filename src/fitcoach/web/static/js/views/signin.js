// Sign-in: username or e-mail and password; an account of one's own when the server allows sign-up; one
// click as the local user where the server offers it (only on this machine); a token as the last resort.
import { api, ApiError } from "../api.js";
import { clear, h } from "../dom.js";
import { errorText } from "../errors.js";
import { t } from "../i18n.js";

/** A name for this browser in the list of signed-in devices ("Chrome · Android"); the server falls back to its own. */
function deviceName() {
  const ua = navigator.userAgent || "";
  const browser = [["Edg/", "Edge"], ["Firefox/", "Firefox"], ["Chrome/", "Chrome"], ["Safari/", "Safari"]].find(([m]) => ua.includes(m));
  const system = [["Android", "Android"], ["iPhone", "iPhone"], ["iPad", "iPad"], ["Windows", "Windows"], ["Mac OS X", "macOS"], ["Linux", "Linux"]].find(([m]) => ua.includes(m));
  return [browser && browser[1], system && system[1]].filter(Boolean).join(" · ");
}

function failureText(err, { signingUp = false } = {}) {
  if (err instanceof ApiError) {
    if (err.code === "invalid_credentials") return t("bad_credentials");
    if (err.code === "too_many_attempts") return t("too_many_attempts", { seconds: err.details?.retry_after_s ?? "" }).trim();
    if (err.code === "username_taken") return t("username_taken");
    if (err.code === "email_taken") return t("email_taken");
    if (err.code === "invalid_account") return t(signingUp ? "invalid_account" : "bad_credentials");
    if (err.code === "signup_disabled") return t("signup_closed");
  }
  return errorText(err);
}

function field(name, attrs) {
  const input = h(`input.${name}`, { name, "aria-label": attrs.placeholder, ...attrs });
  return input;
}

function busy(form, on) {
  for (const el of form.querySelectorAll("button, input")) el.disabled = on;
}

function passwordForm({ app, onSwitch, allowSignup }) {
  const login = field("login", { type: "text", autocomplete: "username", autocapitalize: "none", spellcheck: "false", placeholder: t("login_placeholder"), required: true });
  const password = field("password", { type: "password", autocomplete: "current-password", placeholder: t("password_placeholder"), required: true });
  const error = h("p.error", { role: "alert" });
  const form = h(
    "form.card.signin-password",
    {},
    h("h2", {}, t("sign_in")),
    login,
    password,
    h("button.primary", { type: "submit" }, t("sign_in")),
    error,
    allowSignup ? h("p.small.switch", {}, t("no_account"), " ", h("button.link.to-signup", { type: "button", onclick: onSwitch }, t("create_account"))) : null,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    busy(form, true);
    try {
      const signed = await api.login({ login: login.value.trim(), password: password.value, deviceName: deviceName() });
      await app.signIn(signed.token);
    } catch (err) {
      busy(form, false);
      error.textContent = failureText(err);
      password.select();
    }
  });
  return form;
}

function signupForm({ app, onSwitch }) {
  const username = field("username", { type: "text", autocomplete: "username", autocapitalize: "none", spellcheck: "false", placeholder: t("username_placeholder"), required: true, minlength: 2, maxlength: 32 });
  const email = field("email", { type: "email", autocomplete: "email", placeholder: t("email_placeholder") });
  const password = field("password", { type: "password", autocomplete: "new-password", placeholder: t("new_password_placeholder"), required: true, minlength: 8 });
  const error = h("p.error", { role: "alert" });
  const form = h(
    "form.card.signup",
    {},
    h("h2", {}, t("create_account")),
    username,
    email,
    password,
    h("p.muted.small", {}, t("password_hint")),
    h("button.primary", { type: "submit" }, t("create_account")),
    error,
    h("p.small.switch", {}, t("have_account"), " ", h("button.link.to-signin", { type: "button", onclick: onSwitch }, t("sign_in"))),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    busy(form, true);
    try {
      const signed = await api.signup({ username: username.value.trim(), email: email.value.trim(), password: password.value, deviceName: deviceName() });
      await app.signIn(signed.token);
    } catch (err) {
      busy(form, false);
      error.textContent = failureText(err, { signingUp: true });
    }
  });
  return form;
}

function tokenForm({ app }) {
  const token = h("input.token", { type: "password", autocomplete: "off", placeholder: t("token_placeholder"), "aria-label": t("token_placeholder") });
  const error = h("p.error", { role: "alert" });
  const form = h("form.signin", {}, h("p.muted.small", {}, t("sign_in_body")), token, h("button.ghost", { type: "submit" }, t("sign_in_token")), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!token.value.trim()) return;
    error.textContent = "";
    try {
      await app.signIn(token.value.trim());
    } catch (err) {
      error.textContent = err instanceof ApiError && err.status === 401 ? t("bad_token") : errorText(err);
    }
  });
  return h("details.card.token-signin", {}, h("summary", {}, t("use_token")), form);
}

export async function renderSignIn(root, { app }) {
  let options = { signup: false, default_user: null };
  try {
    options = await api.authOptions();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // Unreachable or an older server: the password and token forms still work when it is back.
  }
  const slot = h("div.signin-forms");
  const localError = h("p.error", { role: "alert" });
  const show = (which) => {
    const form = which === "signup" ? signupForm({ app, onSwitch: () => show("signin") }) : passwordForm({ app, allowSignup: options.signup, onSwitch: () => show("signup") });
    clear(slot, form);
    form.querySelector("input")?.focus();
  };
  const local = options.default_user
    ? h(
        "div.default-user",
        {},
        h("button.primary.big.default-sign-in", {
          type: "button",
          onclick: async () => {
            localError.textContent = "";
            try {
              const signed = await api.authDefault();
              await app.signIn(signed.token);
            } catch (err) {
              localError.textContent = errorText(err);
            }
          },
        }, t("continue_as", { name: options.default_user })),
        localError,
        h("p.muted.small.or", {}, t("or_sign_in")),
      )
    : null;
  clear(root, h("div.signin-page", {}, h("h1.hero", {}, t("tagline")), local, slot, tokenForm({ app })));
  show("signin");
}
