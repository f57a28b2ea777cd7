import { describe, expect, it } from "vitest";
import ts from "typescript";
import * as constants from "@netfleet/contracts/constants";
import { ALL_MESSAGES } from "../test/all-messages";

/**
 * A short tooltip is one line: a Mantine `Tooltip` without `multiline`. Its text, in every
 * language and without the values filled into it, stays under this many characters (F§9).
 */
const SHORT_TOOLTIP_LIMIT = 50;

const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(["../**/*.tsx", "!../**/*.test.tsx"], {
      query: "?raw",
      import: "default",
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\.\.\//, "/src/"), text]),
);

const messages = ALL_MESSAGES;
const CONTRACT_CONSTANTS = "@netfleet/contracts/constants";

interface ShortTooltip {
  where: string;
  texts: string[];
}

/** A label the check cannot follow to its texts. */
class Untraceable extends Error {}

/**
 * Every short tooltip in `files` (path → source) with every text its label can show, and
 * the labels that cannot be followed: a call of `t`, a local constant or function, a
 * parameter filled at each call, a conditional, JSX around them, or a contracts constant.
 */
function shortTooltips(files: Record<string, string>) {
  const names = Object.keys(files).filter((name) => files[name]!.includes("<Tooltip"));
  const parsed = new Map(
    names.map((name) => [
      name,
      ts.createSourceFile(name, files[name]!, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX),
    ]),
  );
  const program = ts.createProgram({
    rootNames: names,
    options: { noLib: true, noResolve: true, types: [], jsx: ts.JsxEmit.ReactJSX },
    host: {
      getSourceFile: (name) => parsed.get(name),
      getDefaultLibFileName: () => "lib.d.ts",
      writeFile: () => undefined,
      getCurrentDirectory: () => "/",
      getCanonicalFileName: (name) => name,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => "\n",
      fileExists: (name) => parsed.has(name),
      readFile: (name) => files[name],
    },
  });
  const checker = program.getTypeChecker();

  type Bindings = ReadonlyMap<ts.ParameterDeclaration, ts.Expression>;

  const declarationOf = (id: ts.Identifier) => checker.getSymbolAtLocation(id)?.declarations?.[0];

  const importedFrom = (declaration: ts.Declaration | undefined) => {
    let node: ts.Node | undefined = declaration;
    while (node && !ts.isImportDeclaration(node)) node = node.parent;
    return node && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
  };

  /** The namespace of a `TFunction<"ns">`. */
  const typedNamespace = (type: ts.TypeNode | undefined): string | null => {
    if (!type || !ts.isTypeReferenceNode(type) || type.typeName.getText() !== "TFunction")
      return null;
    const [ns] = type.typeArguments ?? [];
    return ns && ts.isLiteralTypeNode(ns) && ts.isStringLiteral(ns.literal)
      ? ns.literal.text
      : null;
  };

  /** The namespace a translation function reads, or null when `callee` is none. */
  const translationNamespace = (callee: ts.Expression): string | null => {
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === "t") {
      const root = callee.expression;
      if (ts.isIdentifier(root) && importedFrom(declarationOf(root))?.endsWith("/i18n"))
        return "common";
      return null;
    }
    if (!ts.isIdentifier(callee)) return null;
    const declaration = declarationOf(callee);
    if (declaration && ts.isParameter(declaration)) return typedNamespace(declaration.type);
    if (!declaration || !ts.isBindingElement(declaration)) return null;
    const property = (declaration.propertyName ?? declaration.name).getText();
    const init = declaration.parent.parent;
    // A `t` handed down as a prop, typed with its namespace.
    if (ts.isParameter(init) && init.type && ts.isTypeLiteralNode(init.type)) {
      const member = init.type.members.find((m) => m.name?.getText() === property);
      return member && ts.isPropertySignature(member) ? typedNamespace(member.type) : null;
    }
    if (property !== "t") return null;
    if (!ts.isVariableDeclaration(init) || !init.initializer) return null;
    const call = init.initializer;
    if (!ts.isCallExpression(call) || call.expression.getText() !== "useTranslation") return null;
    const [ns] = call.arguments;
    return ns && ts.isStringLiteral(ns) ? ns.text : "common";
  };

  const translations = (call: ts.CallExpression, ns: string, bindings: Bindings): string[] => {
    const [key, options] = call.arguments;
    let pattern: string;
    let prefix = false;
    if (key && ts.isStringLiteralLike(key)) pattern = key.text;
    else if (key && ts.isTemplateExpression(key)) {
      pattern = key.head.text;
      prefix = true;
    } else throw new Untraceable(call.getText());
    const separator = pattern.indexOf(":");
    if (separator > 0) {
      ns = pattern.slice(0, separator);
      pattern = pattern.slice(separator + 1);
    }
    const namespace = messages.get(ns);
    const found = namespace
      ? constants.LANGUAGES.flatMap(({ code }) =>
          Object.entries(namespace[code])
            .filter(([k]) => (prefix ? k.startsWith(pattern) : k === pattern))
            .map(([, text]) => text),
        )
      : [];
    if (found.length > 0) return found;
    const fallback =
      options && ts.isObjectLiteralExpression(options)
        ? options.properties.find((p) => p.name?.getText() === "defaultValue")
        : undefined;
    if (fallback && ts.isPropertyAssignment(fallback)) return texts(fallback.initializer, bindings);
    throw new Untraceable(call.getText());
  };

  /** The arguments `parameter` receives: where its function, a local constant, is called. */
  const argumentsFor = (parameter: ts.ParameterDeclaration): ts.Expression[] => {
    const fn = parameter.parent;
    const holder = fn.parent;
    if (!ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name)) return [];
    const symbol = checker.getSymbolAtLocation(holder.name);
    const index = fn.parameters.indexOf(parameter);
    const found: ts.Expression[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        checker.getSymbolAtLocation(node.expression) === symbol &&
        node.arguments[index]
      )
        found.push(node.arguments[index]);
      ts.forEachChild(node, visit);
    };
    visit(parameter.getSourceFile());
    return found;
  };

  const returned = (fn: ts.Node): ts.Expression | undefined => {
    if (!ts.isArrowFunction(fn) && !ts.isFunctionDeclaration(fn)) return undefined;
    if (fn.body && !ts.isBlock(fn.body)) return fn.body;
    const statements = fn.body?.statements ?? [];
    const last = statements[statements.length - 1];
    return statements.length === 1 && last && ts.isReturnStatement(last)
      ? last.expression
      : undefined;
  };

  const joined = (parts: string[][]): string[] =>
    parts.reduce<string[]>((all, part) => all.flatMap((a) => part.map((b) => a + b)), [""]);

  const jsxTexts = (children: ts.NodeArray<ts.JsxChild>, bindings: Bindings): string[] =>
    joined(
      children.map((child) => {
        if (ts.isJsxText(child)) return [child.text.replace(/\s+/g, " ").trim()];
        if (ts.isJsxExpression(child))
          return child.expression ? texts(child.expression, bindings) : [""];
        if (ts.isJsxElement(child) || ts.isJsxFragment(child))
          return jsxTexts(child.children, bindings);
        return [""];
      }),
    ).map((text) => text.trim());

  function texts(node: ts.Expression, bindings: Bindings): string[] {
    if (ts.isParenthesizedExpression(node)) return texts(node.expression, bindings);
    if (ts.isStringLiteralLike(node)) return [node.text];
    if (ts.isConditionalExpression(node))
      return [...texts(node.whenTrue, bindings), ...texts(node.whenFalse, bindings)];
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) return jsxTexts(node.children, bindings);
    if (ts.isCallExpression(node)) {
      const ns = translationNamespace(node.expression);
      if (ns) return translations(node, ns, bindings);
      const fn = ts.isIdentifier(node.expression) ? declarationOf(node.expression) : undefined;
      const target = fn && ts.isVariableDeclaration(fn) ? fn.initializer : fn;
      const body = target && returned(target);
      if (body && target && (ts.isArrowFunction(target) || ts.isFunctionDeclaration(target))) {
        const inner = new Map(bindings);
        target.parameters.forEach((p, i) => node.arguments[i] && inner.set(p, node.arguments[i]));
        return texts(body, inner);
      }
    }
    if (ts.isPropertyAccessExpression(node)) {
      const path: string[] = [];
      let root: ts.Expression = node;
      while (ts.isPropertyAccessExpression(root)) {
        path.unshift(root.name.text);
        root = root.expression;
      }
      if (ts.isIdentifier(root) && importedFrom(declarationOf(root)) === CONTRACT_CONSTANTS) {
        let value: unknown = constants[root.text as keyof typeof constants];
        for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
        if (typeof value === "string" || typeof value === "number") return [String(value)];
      }
    }
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(node);
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
        return texts(declaration.initializer, bindings);
      if (declaration && ts.isParameter(declaration)) {
        const bound = bindings.get(declaration);
        const args = bound ? [bound] : argumentsFor(declaration);
        if (args.length > 0) return args.flatMap((arg) => texts(arg, bindings));
      }
    }
    throw new Untraceable(node.getText());
  }

  const found: ShortTooltip[] = [];
  const untraceable: string[] = [];
  for (const file of parsed.values()) {
    const visit = (node: ts.Node) => {
      if (
        (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
        node.tagName.getText() === "Tooltip"
      ) {
        const attribute = (name: string) =>
          node.attributes.properties.find(
            (p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === name,
          );
        const multiline = attribute("multiline");
        const short = !multiline || multiline.initializer?.getText() === "{false}";
        const where = `${file.fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        const label = attribute("label")?.initializer;
        if (short) {
          try {
            if (!label) throw new Untraceable("no label");
            const expression = ts.isJsxExpression(label) ? label.expression : label;
            if (!expression) throw new Untraceable("empty label");
            found.push({ where, texts: texts(expression, new Map()) });
          } catch (error) {
            if (!(error instanceof Untraceable)) throw error;
            untraceable.push(`${where} ${error.message}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { found, untraceable };
}

/** The text without the values filled into it: those are the user's, not the console's. */
const fixedLength = (text: string) => [...text.replace(/\{\{\s*\w+\s*\}\}/g, "")].length;

function tooLong(tooltips: ShortTooltip[]): string[] {
  return tooltips.flatMap(({ where, texts }) =>
    texts.filter((text) => fixedLength(text) >= SHORT_TOOLTIP_LIMIT).map((t) => `${where} ${t}`),
  );
}

describe("short tooltips", () => {
  it("FM-CONST-011 keeps every one-line tooltip of the console under 50 characters in every language", () => {
    const { found, untraceable } = shortTooltips(sources);
    expect(untraceable).toEqual([]);
    expect(found.map((t) => t.where)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("components/layout/side-nav.tsx"),
        expect.stringContaining("features/companies/components/company-actions.tsx"),
        expect.stringContaining("features/search/components/global-search.tsx"),
      ]),
    );
    expect(found.every((t) => t.texts.length > 0)).toBe(true);
    expect(tooLong(found)).toEqual([]);
  });

  it("FM-CONST-011 flags a one-line tooltip of 50 characters, but not a multiline one", () => {
    const fifty = "x".repeat(SHORT_TOOLTIP_LIMIT);
    const { found, untraceable } = shortTooltips({
      "/tooltips.tsx": `
        const { t } = useTranslation("common");
        const label = cond ? "${fifty}" : "${fifty.slice(1)}";
        export const A = () => <Tooltip label={label}><b /></Tooltip>;
        export const B = () => <Tooltip label={t("close")}><b /></Tooltip>;
        export const C = () => <Tooltip label="${fifty}" multiline><b /></Tooltip>;
        export const D = ({ text }) => <Tooltip label={text}><b /></Tooltip>;
      `,
    });
    expect(tooLong(found)).toEqual([`/tooltips.tsx:4 ${fifty}`]);
    expect(found.map((t) => t.where)).toEqual(["/tooltips.tsx:4", "/tooltips.tsx:5"]);
    expect(untraceable).toEqual(["/tooltips.tsx:7 text"]);
  });
});
