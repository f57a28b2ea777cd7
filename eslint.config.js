// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import checkFile from "eslint-plugin-check-file";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";

/**
 * The architecture's boundaries are lint rules (docs/ARCHITECTURE.md, "Invariants"):
 * contracts imports nothing from apps, web and server never import each other, the
 * server's plugins, lib and db import no module, web
 * features do not import each other, only repositories and db/ use drizzle-orm, imports
 * form no cycle, and only env.ts reads process.env. Boundaries are checked on the file an
 * import resolves to (the TypeScript resolver), not on its text, so `../../tags/api/x` and
 * `@netfleet/contracts/...` are judged by where they land.
 */
export default tseslint.config(
  {
    ignores: [
      // Files that break each rule on purpose; apps/server/src/lint-rules.test.ts lints them.
      "lint-fixtures/**",
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
        projectService: {
          allowDefaultProject: ["*.config.ts", "scripts/*.mjs"],
          defaultProject: "tsconfig.base.json",
        },
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
      // About module names, not files: text matching is right here.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "react", "react-dom", "react/*", "react-dom/*"],
              message: "contracts is isomorphic: no node:* and no React.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["{apps,packages}/*/src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Without these the cycle walk reads no TypeScript file and finds nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: [
            `${import.meta.dirname}/apps/*/tsconfig.json`,
            `${import.meta.dirname}/packages/*/tsconfig.json`,
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: architectureRules(import.meta.dirname),
  },
  {
    // SQL lives in repositories and db/ (docs/ARCHITECTURE.md). Also allowed: the SQL
    // fragments repositories share for lists (lib/list-query.ts, and its test rendering them),
    // and test setup that writes rows or ages timestamps directly (test/, *-test-kit.ts,
    // *.api.test.ts), which never runs in the server. The same goes for node:http.
    files: ["apps/server/src/**/*.ts"],
    ignores: [
      "apps/server/src/**/*.repo.ts",
      "apps/server/src/db/**",
      "apps/server/src/lib/list-query.ts",
      "apps/server/src/lib/list-query.test.ts",
      "apps/server/src/test/**",
      "apps/server/src/**/*-test-kit.ts",
      "apps/server/src/**/*.api.test.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*"],
              message: "SQL lives in repositories (*.repo.ts) and db/; call a repository.",
            },
          ],
          paths: ["http", "node:http"].map((name) => ({
            name,
            allowTypeImports: true,
            message:
              "Use nodeHttp from lib/node-http.ts: importing node:http loads Node's fetch client.",
          })),
        },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One form system: form state comes from components/ui/form (useFieldForm, useZodForm).
    files: ["apps/web/src/**/*.{ts,tsx}"],
    ignores: ["apps/web/src/components/ui/form/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@mantine/form", "@mantine/form/*"],
              message: "Build forms with components/ui/form: useFieldForm or useZodForm.",
            },
          ],
        },
      ],
    },
  },
);

/**
 * The import rules of the tree at `root` (this repository, or the mirror of it in
 * lint-fixtures/ that apps/server/src/lint-rules.test.ts lints).
 * @param {string} root
 */
export function architectureRules(root) {
  return /** @type {const} */ ({
    "import-x/no-restricted-paths": ["error", { basePath: root, zones: boundaryZones(root) }],
    // Type-only imports are skipped (they vanish at runtime); external packages are not
    // followed, which keeps the walk to our own sources.
    "import-x/no-cycle": ["error", { ignoreExternal: true }],
  });
}

/**
 * Zones for import-x/no-restricted-paths: `target` files may not import files under `from`.
 * Paths are relative to `root` and matched against the files imports resolve to.
 * @param {string} root
 */
function boundaryZones(root) {
  const features = webFeatures(root);
  return [
    {
      target: "packages/contracts",
      from: "apps",
      message: "contracts imports nothing from apps.",
    },
    {
      target: "apps/server",
      from: ["apps/web", "apps/agent"],
      message: "The server never imports the web app or the agent.",
    },
    {
      // Modules use the cross-cutting code, never the reverse: app.ts wires modules into
      // plugins (the authenticator, the outbox, the sensitive checks). Tests, which drive
      // the whole app, are exempt.
      target: "apps/server/src/{plugins,lib,db}/**/!(*.test).ts",
      from: "apps/server/src/modules",
      message: "plugins/, lib/ and db/ know no module; let app.ts hand them what they need.",
    },
    {
      target: "apps/web",
      from: ["apps/server", "apps/agent"],
      message: "The web app never imports the server or the agent.",
    },
    {
      target: "apps/agent",
      from: ["apps/server", "apps/web"],
      message: "The agent talks to the server only through the device protocol in contracts.",
    },
    // Each feature folder may import itself, shared folders (components, lib) and contracts;
    // one zone per feature, generated from the folders that exist.
    ...features.map((feature) => ({
      target: `apps/web/src/features/${feature}`,
      from: features.filter((f) => f !== feature).map((f) => `apps/web/src/features/${f}`),
      message: "Features do not import each other; move shared code to components/ or lib/.",
    })),
  ];
}

/**
 * The folders under apps/web/src/features.
 * @param {string} root
 */
function webFeatures(root) {
  // Imported lazily so the config stays a plain module.
  const fs = /** @type {typeof import("node:fs")} */ (
    globalThis.process.getBuiltinModule("node:fs")
  );
  const dir = `${root}/apps/web/src/features`;
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}
