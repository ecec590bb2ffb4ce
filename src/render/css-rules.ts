/**
 * The site stylesheet split into rules, so a page can inline only the rules its markup (and its
 * scripts) can use. Split once at build time; pruned once per page and isolate at run time.
 */

/** A style rule (or an at-rule kept whole) with, per selector in its list, the classes it needs. */
export type CssLeaf = { css: string; classes?: string[][] };
/** A grouping at-rule (@media, @supports, @layer, @container) around more rules. */
export type CssGroup = { open: string; body: CssNode[] };
export type CssNode = CssLeaf | CssGroup;

const GROUPING = /^@(media|supports|layer|container|starting-style)\b/;

/** Splits minified CSS (Tailwind's output) into its rule tree. Comments are dropped. */
export function splitCss(css: string): CssNode[] {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, "");
  const [nodes, end] = parseRules(source, 0);
  if (end < source.length) throw new Error(`Unbalanced "}" at ${end} in the site stylesheet`);
  return nodes;
}

function parseRules(s: string, start: number): [CssNode[], number] {
  const nodes: CssNode[] = [];
  let i = start;
  for (;;) {
    while (i < s.length && /\s/.test(s[i]!)) i++;
    if (i >= s.length || s[i] === "}") return [nodes, i];
    const stop = scan(s, i, (ch) => ch === "{" || ch === ";");
    const prelude = s.slice(i, stop).trim();
    if (s[stop] !== "{") {
      // A statement such as `@layer theme,base;` or `@import …;`.
      nodes.push({ css: `${prelude};` });
      i = stop + 1;
      continue;
    }
    if (GROUPING.test(prelude)) {
      const [body, close] = parseRules(s, stop + 1);
      if (s[close] !== "}") throw new Error(`Unclosed "${prelude}" in the site stylesheet`);
      nodes.push({ open: `${prelude}{`, body });
      i = close + 1;
      continue;
    }
    const close = matchingBrace(s, stop);
    const css = s.slice(i, close + 1).trim();
    nodes.push(prelude.startsWith("@") ? { css } : { css, classes: selectorClasses(prelude) });
    i = close + 1;
  }
}

/** The index of the first character at depth 0 (outside strings, parentheses, brackets) that `stop` accepts. */
function scan(s: string, start: number, stop: (ch: string) => boolean): number {
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === "\\") i++;
    else if (ch === '"' || ch === "'") i = s.indexOf(ch, i + 1) < 0 ? s.length : endOfString(s, i);
    else if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (depth === 0 && stop(ch)) return i;
  }
  return s.length;
}

function endOfString(s: string, open: number): number {
  const quote = s[open];
  for (let i = open + 1; i < s.length; i++) {
    if (s[i] === "\\") i++;
    else if (s[i] === quote) return i;
  }
  return s.length;
}

function matchingBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === "\\") i++;
    else if (ch === '"' || ch === "'") i = endOfString(s, i);
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return i;
  }
  throw new Error("Unclosed rule in the site stylesheet");
}

/**
 * For each selector of a list, the class names an element (or its group or peer) must carry for
 * the selector to match. Classes under :not() are left out: they need to be absent, not present.
 */
export function selectorClasses(selectorList: string): string[][] {
  const selectors: string[] = [];
  let from = 0;
  for (;;) {
    const comma = scan(selectorList, from, (ch) => ch === ",");
    selectors.push(selectorList.slice(from, comma));
    if (comma >= selectorList.length) break;
    from = comma + 1;
  }
  return selectors.map((selector) => {
    const positive = withoutNot(selector).replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, "");
    const names = [...positive.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-])+)/g)];
    return [...new Set(names.map((m) => unescapeIdent(m[1]!)))];
  });
}

function withoutNot(selector: string): string {
  let out = "";
  let i = 0;
  for (;;) {
    const at = selector.indexOf(":not(", i);
    if (at < 0) return out + selector.slice(i);
    out += selector.slice(i, at);
    let depth = 0;
    let j = at + 4;
    for (; j < selector.length; j++) {
      if (selector[j] === "(") depth++;
      else if (selector[j] === ")" && --depth === 0) break;
    }
    i = j + 1;
  }
}

function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (ch ?? ""),
  );
}

/** Every class name the stylesheet styles: the vocabulary worth looking for in HTML and scripts. */
export function styledClasses(nodes: CssNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if ("body" in node) styledClasses(node.body, into);
    else for (const selector of node.classes ?? []) for (const name of selector) into.add(name);
  }
  return into;
}

/**
 * The stylesheet text with only the rules one selector of which can match, given the classes in
 * use, and only the @property registrations of custom properties those rules read.
 */
export function pruneCss(nodes: CssNode[], inUse: ReadonlySet<string>): string {
  const rules = prune(nodes, inUse, () => false);
  const read = new Set([...rules.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!));
  return prune(nodes, inUse, (name) => read.has(name));
}

function prune(nodes: CssNode[], inUse: ReadonlySet<string>, keepProperty: (name: string) => boolean): string {
  let out = "";
  for (const node of nodes) {
    if ("body" in node) {
      const inner = prune(node.body, inUse, keepProperty);
      if (inner) out += `${node.open}${inner}}`;
    } else if (node.css.startsWith("@property ")) {
      if (keepProperty(node.css.slice("@property ".length, node.css.indexOf("{")).trim())) out += node.css;
    } else if (!node.classes || node.classes.some((selector) => selector.every((name) => inUse.has(name)))) {
      out += node.css;
    }
  }
  return out;
}

/** The class names in the `class` attributes of some HTML. */
export function classesInHtml(html: string): Set<string> {
  const found = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of m[1]!.split(/\s+/)) if (name) found.add(decodeAttribute(name));
  }
  return found;
}

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};

function decodeAttribute(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ATTRIBUTE_ENTITIES[entity] ?? entity);
}
