// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import checkFile from "eslint-plugin-check-file";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/**
 * The architecture's boundaries are lint rules (docs/ARCHITECTURE.md, "Invariants"):
 * contracts imports nothing from apps, web and server never import each other, web
 * features do not import each other, and only env.ts reads process.env.
 */
export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "data/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      ".tmp/**",
      "apps/server/src/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ["*.config.ts", "scripts/*.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { "check-file": checkFile },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/only-throw-error": "off",
      // Fastify plugins and route modules are async functions by contract, await or not.
      "@typescript-eslint/require-await": "off",
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx,js,mjs}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "{apps,packages,e2e}/**/": "KEBAB_CASE" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through env.ts, the one place that parses process.env.",
        },
      ],
    },
  },
  {
    // Asymmetric matchers (expect.any, expect.stringMatching) are typed any by Vitest.
    files: ["**/*.test.{ts,tsx}", "e2e/**"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    files: ["**/*.{js,mjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Scripts, configs and the test harness start processes and read their environment.
    files: [
      "scripts/**",
      "bench/**",
      "*.config.{ts,js}",
      "e2e/**",
      "apps/server/src/env.ts",
      "apps/*/vite.config.ts",
      "apps/server/drizzle.config.ts",
      "apps/server/src/test/**",
      ".ci/**",
    ],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["packages/contracts/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@netfleet/server*", "@netfleet/web*", "@netfleet/agent*", "**/apps/**"],
              message: "contracts imports nothing from apps.",
            },
            {
              group: ["node:*", "react", "react-dom"],
              message: "contracts is isomorphic: no node:* and no React.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@netfleet/web*", "**/apps/web/**", "@netfleet/agent*"],
              message: "The server never imports the web app or the agent.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/agent/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@netfleet/server*", "@netfleet/web*", "**/apps/server/**", "**/apps/web/**"],
              message:
                "The agent talks to the server only through the device protocol in contracts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@netfleet/server*", "**/apps/server/**"],
              message: "The web app never imports the server.",
            },
          ],
        },
      ],
    },
  },
  // Features do not import each other: each feature folder may only import itself,
  // shared folders (components, lib) and contracts. One block per feature is generated
  // below from the folders that exist.
  ...webFeatureBoundaries(),
);

function webFeatureBoundaries() {
  // Imported lazily so the config stays a plain module.
  const fs = /** @type {typeof import("node:fs")} */ (
    globalThis.process.getBuiltinModule("node:fs")
  );
  const dir = new URL("./apps/web/src/features/", import.meta.url);
  /** @type {string[]} */
  let features = [];
  try {
    features = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    features = [];
  }
  return features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@netfleet/server*", "**/apps/server/**"],
              message: "The web app never imports the server.",
            },
            {
              group: features
                .filter((f) => f !== feature)
                .flatMap((f) => [`**/features/${f}/**`, `**/features/${f}`]),
              message:
                "Features do not import each other; move shared code to components/ or lib/.",
            },
          ],
        },
      ],
    },
  }));
}
