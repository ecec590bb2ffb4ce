import { parseHTML } from "linkedom";

export type Asset = { url: string; kind: "script" | "stylesheet" };

/**
 * The scripts and stylesheets a page makes the browser load, with absolute URLs: `<script src>`,
 * `<link rel=stylesheet>` and module preloads, and the bundles the inline island loader fetches
 * after first paint (`data-entries`, `data-preload`: space-separated). Inline data: URLs load
 * nothing and are left out; each URL once.
 */
export function pageAssets(html: string, pageUrl: string): Asset[] {
  const { document } = parseHTML(html);
  const found = (selector: string, attribute: string, kind: Asset["kind"]) =>
    [...document.querySelectorAll(selector)].flatMap((el) =>
      (el.getAttribute(attribute) ?? "").split(/\s+/).map((value) => ({ value, kind })),
    );
  const all = [
    ...found("script[src]", "src", "script"),
    ...found('link[rel~="stylesheet"][href]', "href", "stylesheet"),
    ...found('link[rel="modulepreload"][href]', "href", "script"),
    ...found("script[data-entries]", "data-entries", "script"),
    ...found("script[data-preload]", "data-preload", "script"),
  ];
  const assets = new Map<string, Asset>();
  for (const { value, kind } of all) {
    if (value === "" || value.startsWith("data:")) continue;
    const url = new URL(value, pageUrl).href;
    if (!assets.has(url)) assets.set(url, { url, kind });
  }
  return [...assets.values()];
}

/**
 * A placeholder left for the owner to fill in, as a buyer would read it: a capitalised phrase in
 * square brackets ("[Bank name]", "[Paybill number]"). Footnote marks ("[1]") and JSON are not text.
 */
const PLACEHOLDER = /\[[A-Z][A-Za-z0-9 .,'&/-]{1,40}\]/g;

/** The bracketed placeholders a page shows in its text (scripts, styles and templates left out), each once. */
export function placeholdersIn(html: string): string[] {
  const { document } = parseHTML(html);
  for (const hidden of document.querySelectorAll("script, style, template, noscript")) hidden.remove();
  const text = document.body?.textContent ?? "";
  return [...new Set(text.match(PLACEHOLDER) ?? [])];
}
