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
    if (rule.type === "style") return { css: text, classes: selectorClasses(rule.value.selectors) };
    return { css: text };
  });
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
  return nodes.map((node) => ("body" in node ? `${node.open}${serialize(node.body)}}` : node.css)).join("");
}

function compact(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s+/g, "");
}

/**
 * For each selector of a list, the class names an element (or its group or peer) must carry for
 * the selector to match. Classes under :not() are left out: they need to be absent, not present.
 */
function selectorClasses(selectors: SelectorList): string[][] {
  return selectors.map((selector) => {
    const names = new Set<string>();
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) for (const item of value) visit(item);
      else if (value && typeof value === "object") {
        const component = value as { type?: unknown; kind?: unknown; name?: unknown };
        if (component.type === "class" && typeof component.name === "string") names.add(component.name);
        else if (!(component.type === "pseudo-class" && component.kind === "not")) Object.values(value).forEach(visit);
      }
    };
    visit(selector);
    return [...names];
  });
}

/** Every class name the stylesheet styles: the vocabulary worth looking for in HTML and scripts. */
export function styledClasses(nodes: CssNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if ("body" in node) styledClasses(node.body, into);
    else for (const selector of node.classes ?? []) for (const name of selector) into.add(name);
  }
  return into;
}
