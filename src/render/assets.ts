import {
  cartHint,
  entry,
  islandLoader,
  modules,
  siteCss,
  styles,
  toastModules,
  toastStylesHash,
} from "virtual:client-assets";
import { type IslandName, islands, type PageScriptName, pageScripts } from "../islands/registry.ts";

export type PageAssets = {
  /** The client entry the island loader imports after first paint. */
  entry: string;
  /** The page scripts the entry runs (by registry name); islands it finds in the page. */
  scripts: string[];
  preloads: string[];
  styles: string[];
  /** True when the page's stylesheet is inlined (production) instead of linked. */
  inlineCss: boolean;
};

// A registry line whose module the build did not find would otherwise be skipped silently in the
// browser: fail when the worker starts instead.
for (const name of [...Object.keys(islands), ...Object.keys(pageScripts), "hydrate"]) {
  if (!modules[name]) throw new Error(`Client module "${name}" is in the registry but not in the client build`);
}

/** Allows the toast library's own <style> element under the page CSP (see client-assets-plugin). */
export { toastStylesHash };

/** The inline loader script (src/client/inline/island-loader.ts) and the CSP hash that allows exactly it. */
export const islandLoaderCode = islandLoader.code;
export const islandLoaderHash = islandLoader.hash;

/** The <head> script of pages that show the cart's state at first paint (src/client/inline/cart-hint.ts). */
export const cartHintCode = cartHint.code;
export const cartHintHash = cartHint.hash;

/** The client modules a page runs: the header script, its own page scripts and its islands. */
export function pageModules(scripts: readonly PageScriptName[], usedIslands: Iterable<IslandName>): string[] {
  return [...new Set<string>(["header", ...scripts, ...usedIslands])];
}

/** Whether any of a page's modules can show a toast (sonner then inserts its <style>). */
export function showsToasts(moduleNames: readonly string[]): boolean {
  const toasting = toastModules;
  return toasting === null || moduleNames.some((name) => toasting.includes(name));
}

/**
 * The script, preload and stylesheet URLs of a page that runs the given page scripts and renders
 * the given islands. The loader imports the client entry, which loads each of the page's modules;
 * every chunk they need is preloaded so nothing waits on a chain of imports.
 */
export function pageAssets(scripts: readonly PageScriptName[], usedIslands: ReadonlySet<IslandName>): PageAssets {
  const needed = pageModules(scripts, usedIslands);
  if (usedIslands.size > 0) needed.push("hydrate");
  const [main, ...preloads] = entry.js;
  const files = needed.flatMap((name) => modules[name]?.js ?? []);
  const css = new Set<string>(siteCss ? [] : styles);
  for (const name of needed) for (const file of modules[name]?.css ?? []) css.add(file);
  return {
    entry: main!,
    scripts: pageModules(scripts, []),
    preloads: [...new Set([...preloads, ...files])].filter((file) => file !== main),
    styles: [...css],
    inlineCss: siteCss !== null,
  };
}
