// ESLint for the web client's modules (src/fitcoach/web/static/js); `make jslint` runs it with tsc.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/**", "src/fitcoach/web/static/vendor/**", ".venv/**"] },
  js.configs.recommended,
  {
    files: ["src/fitcoach/web/static/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "none" }],
      // A local named like a browser global hides it: `history` in coach.js broke every chip (issue 15).
      "no-shadow": ["error", { builtinGlobals: true, hoist: "functions", allow: ["when", "name", "status", "event"] }],
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
  {
    files: ["src/fitcoach/web/static/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
];
