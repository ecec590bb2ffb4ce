import { siteCss } from "virtual:client-assets";
import type { Context } from "hono";
import { classesInHtml, pruneCss } from "./css-rules.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** CSP hash of the inline stylesheet of the page being answered (the security headers read it). */
    pageStyleHash: string;
  }
}

/** A page's inline stylesheet and the CSP hash ('sha256-…') that allows exactly it. */
type PageStyles = { css: string; hash: string };

/** Marks where the page's stylesheet goes, until the whole page's classes are known. */
export const STYLES_PLACEHOLDER = "/*page-styles*/";

/**
 * The rules of the site stylesheet that can apply to this page: those whose classes appear in its
 * HTML or in the code of the client modules it runs (what islands, the header and toasts add later).
 * A phone then gets the page's first paint from one round trip's worth of bytes.
 * Null in dev, where the full stylesheet is linked.
 */
async function pageStyles(html: string, modules: readonly string[]): Promise<PageStyles | null> {
  if (!siteCss) return null;
  const inUse = classesInHtml(html);
  for (const module of modules) for (const name of siteCss.moduleClasses[module] ?? []) inUse.add(name);
  const css = pruneCss(siteCss.rules, inUse);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css));
  return { css, hash: `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}` };
}

/** HTML rendered with the placeholder, completed with the page's stylesheet; and that stylesheet's hash. */
export async function withPageStyles(
  html: string,
  modules: readonly string[],
): Promise<{ html: string; styleHash: string | null }> {
  const styles = await pageStyles(html, modules);
  if (!styles) return { html, styleHash: null };
  const at = html.indexOf(STYLES_PLACEHOLDER);
  if (at < 0) throw new Error("The page has no place for its stylesheet");
  return {
    html: html.slice(0, at) + styles.css + html.slice(at + STYLES_PLACEHOLDER.length),
    styleHash: styles.hash,
  };
}

/** Tells the security headers which inline stylesheet this response's page carries. */
export function allowPageStyles(c: Context, styleHash: string | null): void {
  if (styleHash) c.set("pageStyleHash", styleHash);
}
