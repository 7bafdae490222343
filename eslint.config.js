// ESLint for static/js (ES modules, no build step) and the Node tests of the engine (tests/js).
// The same rule as bridge/: static/js/engine/ is pure — it touches no DOM and no browser window.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "var/"] },
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2020, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-var": "error",
      "prefer-const": "error",
      "eqeqeq": ["error", "always", { null: "ignore" }],
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
    },
  },
  {
    // The pure engine: the Python bridge/ and search/ ported module by module, runnable in Node and a worker.
    files: ["static/js/engine/**/*.js"],
    languageOptions: { globals: { ...globals.es2020 } },
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "document", message: "engine/ is pure: pass data in, the page (pages/) touches the DOM." },
        { name: "window", message: "engine/ is pure: no browser window (it also runs in Node and a worker)." },
        { name: "localStorage", message: "engine/ is pure: storage belongs to pages/." },
        { name: "navigator", message: "engine/ is pure: no browser state." },
        { name: "location", message: "engine/ is pure: no browser state." },
      ],
    },
  },
  {
    // Classic scripts: the theme runs before the first paint (a module would wait for the parse); the service
    // worker is a classic worker (module service workers are not on every tablet we target).
    files: ["static/js/theme.js", "static/sw.js"],
    languageOptions: { ecmaVersion: 2020, sourceType: "script", globals: { ...globals.browser, ...globals.serviceworker } },
    rules: {
      "no-var": "error",
      "prefer-const": "error",
      "no-unused-vars": ["error", { caughtErrors: "none" }],
      "no-redeclare": ["error", { builtinGlobals: false }],
    },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
