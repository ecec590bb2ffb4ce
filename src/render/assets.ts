import assets, { cartHint, islandLoader, siteCss, toastStylesHash } from "virtual:client-assets";

export type ClientEntryName = "header" | "notFound" | "contact" | "pricing" | "quote" | "checkout" | "success";

export type PageAssets = {
  scripts: string[];
  preloads: string[];
  styles: string[];
  /** True when the page's stylesheet is inlined (production) instead of linked. */
  inlineCss: boolean;
};

/** Allows the toast library's own <style> element under the page CSP (see client-assets-plugin). */
export { toastStylesHash };

/** The inline loader script (build/island-loader.ts) and the CSP hash that allows exactly it. */
export const islandLoaderCode = islandLoader.code;
export const islandLoaderHash = islandLoader.hash;

/** The <head> script of pages that show the cart's state at first paint (build/cart-hint.ts). */
export const cartHintCode = cartHint.code;
export const cartHintHash = cartHint.hash;

/** The script, preload and stylesheet URLs for a page that uses the given client entries. */
export function pageAssets(entries: readonly ClientEntryName[]): PageAssets {
  const scripts: string[] = [];
  const preloads = new Set<string>();
  const styles = new Set<string>(siteCss ? [] : (assets.styles?.css ?? []));
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
    inlineCss: siteCss !== null,
  };
}
