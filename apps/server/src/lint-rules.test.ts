import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The architecture's import rules (eslint.config.js) fire on the files that break them:
 * lint-fixtures/ mirrors the tree, and its `breaks-*` files each break one rule.
 */

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const fixtures = path.join(repo, "lint-fixtures");

interface ConfigModule {
  default: Linter.Config[];
  architectureRules(root: string): Linter.RulesRecord;
}
const config = (await import(
  pathToFileURL(path.join(repo, "eslint.config.js")).href
)) as ConfigModule;

// These rules need no type information; without it the fixtures lint in about a second.
const untyped: Linter.Config = { files: ["**/*.{ts,tsx}"], ...tseslint.configs.disableTypeChecked };

const RULES = ["import-x/no-restricted-paths", "import-x/no-cycle", "no-restricted-imports"];

function firedRules(result: ESLint.LintResult): string[] {
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return [
    ...new Set(result.messages.map((m) => m.ruleId ?? "").filter((id) => RULES.includes(id))),
  ];
}

describe("the architecture's lint rules, on lint-fixtures/", () => {
  const eslint = new ESLint({
    cwd: fixtures,
    overrideConfigFile: true,
    overrideConfig: [
      ...config.default,
      {
        files: ["{apps,packages}/*/src/**/*.{ts,tsx}"],
        rules: config.architectureRules(fixtures),
      },
      untyped,
    ],
    ignore: false,
  });
  const linted = eslint.lintFiles(["{apps,packages}/**/*.ts"]);
  // The first test waits for the whole fixture lint, which includes loading the config.
  beforeAll(() => linted, 30_000);

  async function rulesFiredIn(file: string): Promise<string[]> {
    const result = (await linted).find((r) => r.filePath === path.join(fixtures, file));
    if (!result) throw new Error(`${file} was not linted`);
    return firedRules(result);
  }

  it.each([
    ["packages/contracts/src/breaks-contracts-imports-server.ts", "import-x/no-restricted-paths"],
    ["packages/contracts/src/breaks-contracts-imports-node.ts", "no-restricted-imports"],
    ["apps/web/src/breaks-web-imports-server.ts", "import-x/no-restricted-paths"],
    ["apps/server/src/breaks-server-imports-web.ts", "import-x/no-restricted-paths"],
    ["apps/server/src/plugins/breaks-plugin-imports-module.ts", "import-x/no-restricted-paths"],
    ["apps/agent/src/breaks-agent-imports-server.ts", "import-x/no-restricted-paths"],
    [
      "apps/web/src/features/devices/breaks-feature-imports-feature.ts",
      "import-x/no-restricted-paths",
    ],
    ["apps/web/src/lib/breaks-cycle-a.ts", "import-x/no-cycle"],
    ["apps/web/src/lib/breaks-cycle-b.ts", "import-x/no-cycle"],
    ["apps/server/src/modules/devices/breaks-sql-outside-repo.ts", "no-restricted-imports"],
    ["apps/server/src/breaks-server-imports-node-http.ts", "no-restricted-imports"],
    ["apps/web/src/features/devices/breaks-second-form-system.ts", "no-restricted-imports"],
  ])("%s fires %s", async (file, rule) => {
    expect(await rulesFiredIn(file)).toEqual([rule]);
  });

  it("leaves every other file alone: own feature, lib, contracts, type-only cycles, SQL in a repo", async () => {
    const others = (await linted).filter((r) => !path.basename(r.filePath).startsWith("breaks-"));
    expect(others.map((r) => path.relative(fixtures, r.filePath))).toContain(
      "apps/server/src/modules/devices/allowed-devices.repo.ts",
    );
    for (const result of others) {
      expect({ file: result.filePath, rules: firedRules(result) }).toEqual({
        file: result.filePath,
        rules: [],
      });
    }
  });
});

describe("the architecture's lint rules, on the real tree", () => {
  // The repository's own config, as `npm run lint` loads it; the cycle walk is proven above.
  const eslint = new ESLint({
    cwd: repo,
    overrideConfig: [untyped, { rules: { "import-x/no-cycle": "off" } }],
  });

  async function rulesFiredBy(code: string, file: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
    return firedRules(result!);
  }

  it("judges a relative path by the feature it lands in", async () => {
    expect(
      await rulesFiredBy(
        'export { listTags } from "../../tags/api/list-tags";\n',
        "apps/web/src/features/devices/components/lint-probe.ts",
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  });

  it("resolves workspace packages to the app they belong to", async () => {
    expect(
      await rulesFiredBy(
        'export { buildApp } from "@netfleet/server/src/app";\n',
        "apps/web/src/lint-probe.ts",
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  });

  it("lets a feature import contracts, lib and itself", async () => {
    expect(
      await rulesFiredBy(
        [
          'export { ID_MAX } from "@netfleet/contracts/schemas/common";',
          'export { i18n } from "../../lib/i18n";',
          'export { listDevices } from "./api/list-devices";',
          "",
        ].join("\n"),
        "apps/web/src/features/devices/lint-probe.ts",
      ),
    ).toEqual([]);
  });
});
