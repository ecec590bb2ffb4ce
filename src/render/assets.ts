import assets, { inlineStyles, islandLoader, toastStylesHash } from "virtual:client-assets";

export type ClientEntryName = "header" | "notFound" | "contact" | "pricing" | "quote" | "checkout" | "success";

export type PageAssets = {
  scripts: string[];
  preloads: string[];
  styles: string[];
  /** Stylesheet text to inline in <head> (production), instead of the site stylesheet link. */
  inlineCss: string | null;
  /**
   * True on pages with no island: their only script (the header's cart badge and menu) can wait
   * until the page has painted, so it is started by the inline island loader. Pages with a form
   * or a cart load their bundles at once, as module scripts, to be usable as soon as possible.
   */
  deferScripts: boolean;
};

export const inlineStylesHash = inlineStyles?.hash ?? null;

/** Allows the toast library's own <style> element under the page CSP (see client-assets-plugin). */
export { toastStylesHash };

/** The inline loader script (build/island-loader.ts) and the CSP hash that allows exactly it. */
export const islandLoaderCode = islandLoader.code;
export const islandLoaderHash = islandLoader.hash;

/** The script, preload and stylesheet URLs for a page that uses the given client entries. */
export function pageAssets(entries: readonly ClientEntryName[]): PageAssets {
  const scripts: string[] = [];
  const preloads = new Set<string>();
  const styles = new Set<string>(inlineStyles ? [] : (assets.styles?.css ?? []));
  for (const name of ["header", ...entries] as const) {
    const entry = assets[name];
    if (!entry) continue;
    const [main, ...imports] = entry.js;
    if (main && !scripts.includes(main)) scripts.push(main);
    for (const file of imports) preloads.add(file);
    for (const file of entry.css) styles.add(file);
  }
  return {
    scripts,
    preloads: [...preloads].filter((f) => !scripts.includes(f)),
    styles: [...styles],
    inlineCss: inlineStyles?.css ?? null,
    deferScripts: entries.length === 0,
  };
}
