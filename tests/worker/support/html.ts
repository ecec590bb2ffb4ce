import { exports } from "cloudflare:workers";
import { parseHTML } from "linkedom";

/** A page fetched from the worker, with the few readings tests make of its HTML. */
export type FetchedPage = {
  status: number;
  contentType: string | null;
  html: string;
  /** The <title> text. */
  title: string;
  /** The text content of the first h1 (tags stripped). */
  h1: string;
  /** The visible text of the body, tags stripped and entities decoded, whitespace folded. */
  text: string;
  count: (needle: string) => number;
  /** The page parsed into a DOM (linkedom). */
  document: Document;
  /** The first element matching a CSS selector, or null. */
  query: (selector: string) => Element | null;
  /** Every element matching a CSS selector, in document order. */
  queryAll: (selector: string) => Element[];
};

/**
 * Parses HTML with linkedom (a real HTML parser, which runs inside workerd). A whole page gives a
 * document with its html/head/body; a fragment's nodes become the document's children.
 */
/**
 * What the helpers need of a node to search under. Not ParentNode: the Workers types' own
 * `Element` (HTMLRewriter's) merges into the DOM one, so an element no longer fits ParentNode.
 */
export type Queryable = Pick<ParentNode, "querySelector" | "querySelectorAll">;

export function parseDocument(html: string): Document {
  const document = parseHTML(html).document as unknown as Document;
  lowerCaseAttributeNames(document);
  return document;
}

/**
 * linkedom keeps attribute names as written (React writes dateTime, autoComplete, referrerPolicy);
 * an HTML parser lower-cases them on HTML elements, so do that here (SVG keeps viewBox and the like).
 */
function lowerCaseAttributeNames(document: Document): void {
  for (const element of Array.from(document.querySelectorAll("*"))) {
    if (element.closest("svg")) continue;
    for (const { name, value } of Array.from(element.attributes)) {
      const lower = name.toLowerCase();
      if (lower === name) continue;
      element.removeAttribute(name);
      element.setAttribute(lower, value);
    }
  }
}

/** Elements whose contents are not visible text. */
const invisible = new Set(["SCRIPT", "STYLE"]);

/**
 * The visible text of a node: text nodes in document order, script and style contents skipped,
 * every tag and comment boundary read as a space, whitespace folded. (React separates adjacent
 * text with <!-- --> comments and the page's words are separated by tags, so boundaries count as
 * spaces: "<span>$</span>99" reads "$ 99".)
 */
export function textOf(node: Node | null | undefined): string {
  if (!node) return "";
  const parts: string[] = [];
  const walk = (n: Node): void => {
    if (n.nodeType === 3) {
      parts.push(n.nodeValue ?? "");
    } else if (n.nodeType === 8) {
      parts.push(" ");
    } else if (n.nodeType === 1) {
      if (invisible.has((n as Element).tagName.toUpperCase())) {
        parts.push(" ");
        return;
      }
      parts.push(" ");
      for (const child of Array.from(n.childNodes)) walk(child);
      parts.push(" ");
    } else {
      for (const child of Array.from(n.childNodes)) walk(child);
    }
  };
  walk(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** The visible text of an HTML fragment or whole page (see textOf). */
export function htmlToText(html: string): string {
  return textOf(parseDocument(html));
}

/** Every element under root matching a CSS selector, in document order. */
export function queryAll(root: Queryable, selector: string): Element[] {
  return Array.from(root.querySelectorAll(selector));
}

/** An element's attributes as a name → value record (names lower-cased by the parser). */
export function attributesOf(element: Element | null | undefined): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const attr of Array.from(element?.attributes ?? [])) attrs[attr.name] = attr.value;
  return attrs;
}

/** A link: its href attribute and its visible text (see textOf). */
export type Link = { href: string; text: string };

/** Every <a href> under root, in document order (none for a missing root). */
export function linksIn(root: Queryable | null | undefined): Link[] {
  if (!root) return [];
  return queryAll(root, "a[href]").map((a) => ({ href: a.getAttribute("href") ?? "", text: textOf(a) }));
}

export async function get(path: string, init?: RequestInit): Promise<FetchedPage> {
  const res = await exports.default.fetch(`http://example.com${path}`, init);
  const html = await res.text();
  const document = parseDocument(html);
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    html,
    title: textOf(document.querySelector("title")),
    h1: textOf(document.querySelector("h1")),
    text: textOf(document.body),
    count: (needle) => html.split(needle).length - 1,
    document,
    query: (selector) => document.querySelector(selector),
    queryAll: (selector) => queryAll(document, selector),
  };
}

/** The client bundles a page loads: the entries its inline island loader imports after first paint. */
export function pageEntries(html: string): string[] {
  return loaderList(html, "data-entries");
}

/** The page scripts (registry names) the client entry runs on this page, header first. */
export function pageScripts(html: string): string[] {
  return loaderList(html, "data-scripts");
}

/** Every client file the page loads or preloads after first paint. */
export function pageFiles(html: string): string[] {
  return [...loaderList(html, "data-entries"), ...loaderList(html, "data-preload")];
}

function loaderList(html: string, attribute: string): string[] {
  const loader = parseDocument(html).querySelector("script[data-entries]")?.getAttribute(attribute) ?? "";
  return loader.split(" ").filter(Boolean);
}
