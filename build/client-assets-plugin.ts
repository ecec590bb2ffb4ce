import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, resolve } from "node:path";
import type { Plugin } from "vite";
import type { CssNode } from "../src/render/css-rules.ts";
import { splitCss, styledClasses } from "./css-split.ts";
import { inlineScript } from "./inline-scripts.ts";

/**
 * The client build has one entry (src/client/entries/main.ts); through the registry
 * (src/islands/registry.ts) it reaches every island and page script, and the bundler gives each
 * its own chunk. The site stylesheet is the other input.
 */
export const clientInputs = {
  main: "src/client/entries/main.ts",
  styles: "src/client/styles.css",
} as const;

/**
 * The modules the entry loads on demand, named by file: the registry's islands and page scripts,
 * and `hydrate` (React's hydration, loaded only by pages with islands).
 */
const MODULE_DIRS = ["src/islands", "src/client/scripts"];
const HYDRATE_MODULE = "src/client/hydrate.tsx";

const VIRTUAL_ID = "virtual:client-assets";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type ManifestChunk = {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};

type Files = { js: string[]; css: string[] };

/** A registry name from a module's path: `src/islands/Checkout.tsx` → `Checkout`. */
function moduleName(path: string): string {
  return basename(path).replace(/\.[cm]?[jt]sx?$/, "");
}

/**
 * The worker renders the <script> and <link> tags itself, so it must know the client's hashed file
 * names. The client is built first; its Vite manifest is then compiled into the worker as a
 * virtual module: the islands entry's files, and per registry module (by name) its chunk and the
 * chunks it imports. In dev the tags point at the sources, which Vite serves.
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
      const modules: Record<string, Files> = {};
      let entry: Files;
      let styles: string[];
      let siteCss: { rules: CssNode[]; moduleClasses: Record<string, string[]> } | null = null;
      let toastModules: string[] | null = null;
      if (command === "serve") {
        entry = { js: [`/${clientInputs.main}`], css: [] };
        modules[moduleName(HYDRATE_MODULE)] = { js: [`/${HYDRATE_MODULE}`], css: [] };
        styles = [`/${clientInputs.styles}`];
        for (const dir of MODULE_DIRS) {
          for (const file of readdirSync(resolve(root, dir))) {
            if (/\.tsx?$/.test(file)) modules[moduleName(file)] = { js: [`/${dir}/${file}`], css: [] };
          }
        }
      } else {
        const manifestPath = resolve(root, "dist/client/.vite/manifest.json");
        const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, ManifestChunk>;
        const files = (key: string): Files => {
          const chunk = manifest[key];
          if (!chunk) throw new Error(`${key} is missing from the client build's manifest`);
          // Static imports are preloaded with the chunk so the browser fetches them in parallel.
          return {
            js: [`/${chunk.file}`, ...collectImports(manifest, key)],
            css: (chunk.css ?? []).map((f) => `/${f}`),
          };
        };
        entry = files(clientInputs.main);
        for (const key of manifest[clientInputs.main]?.dynamicImports ?? []) {
          const name = moduleName(manifest[key]?.src ?? key);
          if (modules[name]) throw new Error(`Two client modules are named ${name}: registry names must be unique`);
          modules[name] = files(key);
        }
        const cssFile = manifest[clientInputs.styles]?.file;
        if (!cssFile) throw new Error("The site stylesheet is missing from the client build's manifest");
        styles = [`/${cssFile}`];
        // The site stylesheet is inlined, and pruned per page to the rules its markup and scripts
        // can use (src/render/page-styles.ts): split into rules here, once.
        // CSS_PRUNING=off (the bench's comparison, scripts/bench/css-compare.ts): one rule, the
        // whole stylesheet, that every page keeps.
        const sheet = readFileSync(resolve(root, "dist/client", cssFile), "utf8");
        const rules = process.env.CSS_PRUNING === "off" ? [{ css: sheet }] : splitCss(sheet);
        siteCss = { rules, moduleClasses: moduleClasses(root, manifest, styledClasses(rules)) };
        toastModules = modulesMentioning(root, manifest, TOASTER_MARK);
      }
      const toastStylesHash = cspHash(sonnerInsertedCss(root));
      // The inline scripts, bundled from their TypeScript sources (build/inline-scripts.ts).
      const islandLoader = inlineScript(resolve(root, "src/client/inline/island-loader.ts"));
      const cartHint = inlineScript(resolve(root, "src/client/inline/cart-hint.ts"));
      return [
        `export const entry = ${JSON.stringify(entry)};`,
        `export const modules = ${JSON.stringify(modules)};`,
        `export const styles = ${JSON.stringify(styles)};`,
        `export const siteCss = ${JSON.stringify(siteCss)};`,
        `export const toastStylesHash = ${JSON.stringify(toastStylesHash)};`,
        `export const toastModules = ${JSON.stringify(toastModules)};`,
        `export const islandLoader = ${JSON.stringify(islandLoader)};`,
        `export const cartHint = ${JSON.stringify(cartHint)};`,
      ].join("\n");
    },
  };
}

/**
 * Per registry module (island or page script), the styled class names its code and every chunk it
 * imports, even lazily, mentions: what it may render in the browser beyond the server's HTML.
 */
function moduleClasses(
  root: string,
  manifest: Record<string, ManifestChunk>,
  styled: ReadonlySet<string>,
): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const key of manifest[clientInputs.main]?.dynamicImports ?? []) {
    const found = new Set<string>();
    const seen = new Set<string>();
    const visit = (at: string) => {
      const chunk = manifest[at];
      if (!chunk || seen.has(at)) return;
      seen.add(at);
      const code = readFileSync(resolve(root, "dist/client", chunk.file), "utf8");
      for (const token of code.split(/[\s"'`\\]+/)) if (styled.has(token)) found.add(token);
      // Elements the module may create: React's jsx("input", …) and document.createElement("li").
      for (const m of code.matchAll(/(?:jsxs?|jsxDEV|createElement)\)?\(\s*["'`]([a-z][\w-]*)["'`]/g)) {
        if (styled.has(`<${m[1]}`)) found.add(`<${m[1]}`);
      }
      for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(dep);
    };
    visit(key);
    result[moduleName(manifest[key]?.src ?? key)] = [...found].sort();
  }
  return result;
}

/** In the stylesheet sonner inserts, hence in the code of any chunk that can show a toast. */
const TOASTER_MARK = "[data-sonner-toaster]";

/** The registry modules whose code, or that of a chunk they import (even lazily), contains `mark`. */
function modulesMentioning(root: string, manifest: Record<string, ManifestChunk>, mark: string): string[] {
  const names: string[] = [];
  for (const key of manifest[clientInputs.main]?.dynamicImports ?? []) {
    const seen = new Set<string>();
    const mentions = (at: string): boolean => {
      const chunk = manifest[at];
      if (!chunk || seen.has(at)) return false;
      seen.add(at);
      if (readFileSync(resolve(root, "dist/client", chunk.file), "utf8").includes(mark)) return true;
      return [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].some(mentions);
    };
    if (mentions(key)) names.push(moduleName(manifest[key]?.src ?? key));
  }
  return names.sort();
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
function sonnerInsertedCss(root: string): string {
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
