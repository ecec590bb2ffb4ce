/**
 * The site stylesheet split into rules, so a page can inline only the rules its markup (and its
 * scripts) can use. Split once at build time, with lightningcss (build/css-split.ts); pruned once
 * per page and isolate at run time, here.
 */

/** A style rule (or an at-rule kept whole) with, per selector in its list, the classes it needs. */
type CssLeaf = { css: string; classes?: string[][] };
/**
 * A rule that matches without any class and only declares custom properties (Tailwind's theme
 * variables on `:root`, the `--tw-*` defaults of browsers without @property): its text is `open`,
 * then the declarations kept, then "}". Most pages read a fraction of them.
 */
type CssVars = { open: string; vars: [name: string, declaration: string][] };
/** A grouping at-rule (@media, @supports, @layer, @container) around more rules. */
type CssGroup = { open: string; body: CssNode[] };
export type CssNode = CssLeaf | CssVars | CssGroup;

/**
 * The stylesheet text with only the rules one selector of which can match, given the classes in
 * use, and only the custom properties those rules read (directly or through another property's
 * value): theme variables, `--tw-*` defaults and @property registrations alike.
 */
export function pruneCss(nodes: CssNode[], inUse: ReadonlySet<string>): string {
  const declared = new Map<string, string[]>();
  const rules = prune(nodes, inUse, {
    property: () => false,
    vars: (node) => {
      for (const [name, declaration] of node.vars) declared.set(name, [...(declared.get(name) ?? []), declaration]);
      return "";
    },
  });
  const read = varsRead(rules);
  for (const name of read)
    for (const declaration of declared.get(name) ?? []) for (const more of varsRead(declaration)) read.add(more);
  return prune(nodes, inUse, {
    property: (name) => read.has(name),
    vars: (node) => {
      const kept = node.vars.filter(([name]) => read.has(name));
      return kept.length ? `${node.open}${kept.map(([, declaration]) => declaration).join(";")}}` : "";
    },
  });
}

/** The custom properties some CSS reads with var(). A Set grows while iterated: the loop above reaches indirect reads. */
function varsRead(css: string): Set<string> {
  return new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!));
}

type Keep = { property: (name: string) => boolean; vars: (node: CssVars) => string };

function prune(nodes: CssNode[], inUse: ReadonlySet<string>, keep: Keep): string {
  let out = "";
  for (const node of nodes) {
    if ("body" in node) {
      const inner = prune(node.body, inUse, keep);
      if (inner) out += `${node.open}${inner}}`;
    } else if ("vars" in node) {
      out += keep.vars(node);
    } else if (node.css.startsWith("@property ")) {
      if (keep.property(node.css.slice("@property ".length, node.css.indexOf("{")).trim())) out += node.css;
    } else if (!node.classes || node.classes.some((selector) => selector.every((name) => inUse.has(name)))) {
      out += node.css;
    }
  }
  return out;
}

/**
 * The class names in the `class` attributes of some HTML, and its element names written `<name`
 * (the form the split stylesheet gives the elements a selector needs).
 */
export function classesInHtml(html: string): Set<string> {
  const found = new Set<string>();
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)/g)) found.add(`<${m[1]!.toLowerCase()}`);
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
