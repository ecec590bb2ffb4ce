/**
 * Build time only (lightningcss is a native Node module): splits the built site stylesheet into
 * the rule tree the worker prunes per page (src/render/css-rules.ts). lightningcss parses it; each
 * rule keeps its own source text, sliced at the locations the parser reports, so the pages inline
 * exactly the bytes Tailwind wrote.
 */
import { type Location2, type Rule, type SelectorList, transform } from "lightningcss";
import type { CssNode } from "../src/render/css-rules.ts";

/** At-rules whose body is more rules, pruned rule by rule; any other rule is kept or dropped whole. */
const GROUPING = new Set(["media", "supports", "layer-block", "container", "starting-style"]);

/** Rules that end with ";" rather than a block. */
const STATEMENTS = new Set(["layer-statement", "import", "namespace", "custom-media", "unknown"]);

type Located = { loc: Location2 };

/** Splits a stylesheet (Tailwind's output) into its rule tree. Comments are dropped. */
export function splitCss(css: string): CssNode[] {
  let rules: Rule[] | undefined;
  // Parse only: the visitor sees the stylesheet as written, before any minification.
  transform({
    filename: "styles.css",
    code: new TextEncoder().encode(css),
    errorRecovery: false,
    visitor: {
      StyleSheet(sheet) {
        rules = sheet.rules as Rule[];
      },
    },
  });
  if (!rules) throw new Error("lightningcss did not report the site stylesheet's rules");
  const offsets = lineOffsets(css);
  const at = (loc: Location2) => offsets[loc.line]! + loc.column - 1;
  const nodes = splitRules(css, rules, at, css.length);
  // Each rule's text runs to the next rule's start: check the pieces make up the whole stylesheet,
  // so a rule the parser left out of its tree fails here, not as a missing rule in a page.
  if (compact(serialize(nodes)) !== compact(css))
    throw new Error("Some of the site stylesheet is in no rule: cannot split it");
  return nodes;
}

function splitRules(css: string, rules: Rule[], at: (loc: Location2) => number, end: number): CssNode[] {
  const starts = rules.map((rule) => at(locationOf(rule)));
  return rules.map((rule, i) => {
    const text = trimEnd(css.slice(starts[i], starts[i + 1] ?? end));
    if (GROUPING.has(rule.type)) {
      const body = (rule as unknown as { value: { rules: Rule[] } }).value.rules;
      if (!text.endsWith("}")) throw new Error(`Unclosed "${text.slice(0, 40)}" in the site stylesheet`);
      const close = starts[i]! + text.length - 1;
      const open = body.length ? css.slice(starts[i], at(locationOf(body[0]!))) : text.slice(0, -1);
      return { open: open.trim(), body: splitRules(css, body, at, close) };
    }
    // CSS closes a block left open at the end silently: a rule's own text must close it.
    if (!(text.endsWith("}") || (text.endsWith(";") && STATEMENTS.has(rule.type))))
      throw new Error(`Unclosed "${text.slice(0, 40)}" in the site stylesheet`);
    if (rule.type === "style") {
      const classes = selectorClasses(rule.value.selectors);
      const { declarations = [], importantDeclarations = [] } = rule.value.declarations ?? {};
      const onlyCustom =
        declarations.length > 0 && !importantDeclarations.length && declarations.every((d) => d.property === "custom");
      if (onlyCustom && classes.every((names) => !names.length)) return varsNode(text) ?? { css: text, classes };
      return { css: text, classes };
    }
    return { css: text };
  });
}

/**
 * A rule of custom properties only, split into its declarations so a page keeps those it reads.
 * Null when the text does not split cleanly (a `;` in a string, say): the rule is then kept whole.
 */
function varsNode(text: string): CssNode | null {
  const open = text.slice(0, text.indexOf("{") + 1);
  const body = text.slice(open.length, -1);
  const vars = body
    .split(";")
    .map((declaration): [string, string] => [declaration.slice(0, declaration.indexOf(":")), declaration]);
  const wellFormed = vars.every(([name]) => /^--[\w-]+$/.test(name));
  if (!wellFormed || `${open}${vars.map(([, d]) => d).join(";")}}` !== text) return null;
  return { open, vars };
}

function locationOf(rule: Rule): Location2 {
  const loc = ("value" in rule ? (rule.value as Partial<Located> | undefined) : undefined)?.loc;
  if (!loc) throw new Error(`lightningcss gave no source location for a "${rule.type}" rule`);
  return loc;
}

/** Start of each line, as lightningcss numbers them (from 0; \n, \r\n, \r and \f end a line). */
function lineOffsets(css: string): number[] {
  const offsets = [0];
  for (const m of css.matchAll(/\r\n|[\n\r\f]/g)) offsets.push(m.index + m[0].length);
  return offsets;
}

/** A rule's text without the whitespace and comments between it and the next rule. */
function trimEnd(text: string): string {
  return text.replace(/(?:\s|\/\*[\s\S]*?\*\/)+$/, "");
}

function serialize(nodes: CssNode[]): string {
  return nodes
    .map((node) => {
      if ("body" in node) return `${node.open}${serialize(node.body)}}`;
      if ("vars" in node) return `${node.open}${node.vars.map(([, declaration]) => declaration).join(";")}}`;
      return node.css;
    })
    .join("");
}

function compact(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s+/g, "");
}

/**
 * For each selector of a list, what an element (or its group or peer) must carry for the selector
 * to match: its class names, and, written `<name`, the element names of its own compounds (the
 * page must hold such an element). Classes under :not() are left out: they need to be absent, not
 * present; element names inside :is()/:where() lists are left out too, being alternatives.
 * Pseudo-elements that exist only on form fields need an <input> (or, for ::placeholder, a
 * <textarea> instead): the preflight's many form rules stay off pages without a form.
 */
function selectorClasses(selectors: SelectorList): string[][] {
  return selectors.flatMap((selector) => {
    const names = new Set<string>();
    let fieldPart: string[] | undefined;
    const visit = (value: unknown, topLevel: boolean): void => {
      if (Array.isArray(value)) for (const item of value) visit(item, topLevel);
      else if (value && typeof value === "object") {
        const component = value as { type?: unknown; kind?: unknown; name?: unknown };
        if (component.type === "class" && typeof component.name === "string") names.add(component.name);
        else if (component.type === "type" && typeof component.name === "string") {
          if (topLevel) names.add(`<${component.name}`);
        } else if (component.type === "pseudo-element") fieldPart ??= formFieldPart(component);
        else if (!(component.type === "pseudo-class" && component.kind === "not"))
          for (const inner of Object.values(value)) visit(inner, false);
      }
    };
    visit(selector, true);
    if (!fieldPart) return [[...names]];
    return fieldPart.map((field) => [...names, `<${field}`]);
  });
}

/** Form fields a pseudo-element can exist on (any one of them), or undefined for other pseudo-elements. */
function formFieldPart(component: { kind?: unknown; name?: unknown }): string[] | undefined {
  if (component.kind === "placeholder") return ["input", "textarea"];
  if (component.kind === "file-selector-button") return ["input"];
  const name = component.kind === "custom" && typeof component.name === "string" ? component.name : "";
  return /^-webkit-(search|date|datetime|calendar|inner-spin|outer-spin)/.test(name) ? ["input"] : undefined;
}

/** Every class name the stylesheet styles: the vocabulary worth looking for in HTML and scripts. */
export function styledClasses(nodes: CssNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if ("body" in node) styledClasses(node.body, into);
    else if ("css" in node) for (const selector of node.classes ?? []) for (const name of selector) into.add(name);
  }
  return into;
}
