import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";
import { CART_STORAGE_KEY } from "../src/lib/cart-storage-key.ts";
import { type CssNode, splitCss, styledClasses } from "../src/render/css-rules.ts";
import { cartHintSource } from "./cart-hint.ts";
import { islandLoaderSource } from "./island-loader.ts";

/**
 * The client entries the pages may load, by name. Each page names the entries it needs; a page
 * that names none ships no JavaScript but the tiny header script.
 */
export const clientEntries = {
  header: "src/client/entries/header.ts",
  notFound: "src/client/entries/not-found.ts",
  contact: "src/client/entries/contact.tsx",
  pricing: "src/client/entries/pricing.tsx",
  quote: "src/client/entries/quote.tsx",
  checkout: "src/client/entries/checkout.tsx",
  success: "src/client/entries/success.tsx",
  styles: "src/client/styles.css",
} as const;

const VIRTUAL_ID = "virtual:client-assets";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type ManifestChunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};

/**
 * The worker renders the <script> and <link> tags itself, so it must know the client's hashed file
 * names. The client is built first; its Vite manifest is then compiled into the worker as a
 * virtual module. In dev the tags point at the sources, which Vite serves.
 */
export function clientAssets(root: string): Plugin {
  let command: "build" | "serve" = "serve";
  return {
    name: "client-assets",
    configResolved(config) {
      command = config.command;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const assets: Record<string, { js: string[]; css: string[] }> = {};
      let siteCss: { rules: CssNode[]; entryClasses: Record<string, string[]> } | null = null;
      if (command === "serve") {
        for (const [name, src] of Object.entries(clientEntries)) {
          assets[name] = src.endsWith(".css") ? { js: [], css: [`/${src}`] } : { js: [`/${src}`], css: [] };
        }
      } else {
        const manifestPath = resolve(root, "dist/client/.vite/manifest.json");
        const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
        for (const [name, src] of Object.entries(clientEntries)) {
          const chunk = manifest[src];
          if (!chunk) throw new Error(`Client entry ${src} is missing from the Vite manifest`);
          // Static imports are preloaded with the entry so the browser fetches them in parallel.
          const js = src.endsWith(".css") ? [] : [`/${chunk.file}`, ...collectImports(manifest, src)];
          const css = src.endsWith(".css") ? [`/${chunk.file}`] : (chunk.css ?? []).map((f) => `/${f}`);
          assets[name] = { js, css };
        }
        // The site stylesheet is inlined, and pruned per page to the rules its markup and scripts
        // can use (src/render/page-styles.ts): split into rules here, once.
        const cssFile = manifest[clientEntries.styles]?.file;
        if (cssFile) {
          const rules = splitCss(readFileSync(resolve(root, "dist/client", cssFile), "utf8"));
          siteCss = { rules, entryClasses: entryClasses(root, manifest, styledClasses(rules)) };
        }
      }
      const toastStylesHash = cspHash(sonnerInsertedCss(root));
      const cartHint = cartHintSource(CART_STORAGE_KEY);
      return [
        `export default ${JSON.stringify(assets)};`,
        `export const siteCss = ${JSON.stringify(siteCss)};`,
        `export const toastStylesHash = ${JSON.stringify(toastStylesHash)};`,
        `export const islandLoader = ${JSON.stringify({ code: islandLoaderSource, hash: cspHash(islandLoaderSource) })};`,
        `export const cartHint = ${JSON.stringify({ code: cartHint, hash: cspHash(cartHint) })};`,
      ].join("\n");
    },
  };
}

/**
 * Per client entry, the styled class names its code (and every chunk it imports, even lazily)
 * mentions: what its islands may render in the browser beyond the server's HTML.
 */
function entryClasses(
  root: string,
  manifest: Record<string, ManifestChunk>,
  styled: ReadonlySet<string>,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const [name, src] of Object.entries(clientEntries)) {
    if (src.endsWith(".css")) continue;
    const found = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      const code = readFileSync(resolve(root, "dist/client", chunk.file), "utf8");
      for (const token of code.split(/[\s"'`\\]+/)) if (styled.has(token)) found.add(token);
      for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(dep);
    };
    visit(src);
    result[name] = [...found].sort();
  }
  return result;
}

function collectImports(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  for (const dep of manifest[key]?.imports ?? []) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    collectImports(manifest, dep, seen);
  }
  return [...seen].map((dep) => `/${manifest[dep]?.file}`);
}

function cspHash(text: string): string {
  return `sha256-${createHash("sha256").update(text).digest("base64")}`;
}

/**
 * The stylesheet sonner inserts at import time (`__insertCSS("…")` in its ES build): a constant,
 * so the page policy can allow exactly that <style> element by hash instead of 'unsafe-inline'.
 * Read from the installed package so an upgrade that changes it changes the hash too.
 */
export function sonnerInsertedCss(root: string): string {
  const require = createRequire(resolve(root, "package.json"));
  // The package exports only its entry points: find its dist folder from the CommonJS one.
  const source = readFileSync(resolve(dirname(require.resolve("sonner")), "index.mjs"), "utf8");
  const call = source.indexOf('__insertCSS("');
  if (call === -1) throw new Error("sonner no longer inserts its CSS with __insertCSS: update the toast CSP hash");
  const start = call + "__insertCSS(".length;
  let end = start + 1;
  while (end < source.length && source[end] !== '"') end += source[end] === "\\" ? 2 : 1;
  // A double-quoted JS literal of CSS uses only escapes JSON shares; anything else fails loudly.
  return JSON.parse(source.slice(start, end + 1)) as string;
}
