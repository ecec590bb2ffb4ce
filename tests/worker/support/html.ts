import { exports } from "cloudflare:workers";

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
};

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
  "&nbsp;": " ",
};

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (e) => entities[e] ?? e)
    .replace(/\s+/g, " ")
    .trim();
}

export async function get(path: string, init?: RequestInit): Promise<FetchedPage> {
  const res = await exports.default.fetch(`http://example.com${path}`, init);
  const html = await res.text();
  const title = htmlToText(html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? "");
  const h1 = htmlToText(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "");
  const body = html.match(/<body[^>]*>([\s\S]*)<\/body>/)?.[1] ?? "";
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    html,
    title,
    h1,
    text: htmlToText(body),
    count: (needle) => html.split(needle).length - 1,
  };
}

/** The client bundles a page loads: the entries its inline island loader imports after first paint. */
export function pageEntries(html: string): string[] {
  const loader = html.match(/<script data-entries="([^"]*)"/)?.[1] ?? "";
  return loader.split(" ").filter(Boolean);
}
