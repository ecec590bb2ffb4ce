/**
 * The site stylesheet split into rules, so a page can inline only the rules its markup (and its
 * scripts) can use. Split once at build time, with lightningcss (build/css-split.ts); pruned once
 * per page and isolate at run time, here.
 */

/** A style rule (or an at-rule kept whole) with, per selector in its list, the classes it needs. */
type CssLeaf = { css: string; classes?: string[][] };
/** A grouping at-rule (@media, @supports, @layer, @container) around more rules. */
type CssGroup = { open: string; body: CssNode[] };
export type CssNode = CssLeaf | CssGroup;

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
