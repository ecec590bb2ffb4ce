import { createHash } from "node:crypto";
import { buildSync } from "esbuild";

/** An inline script as the pages embed it, and the CSP source ('sha256-…') that allows exactly it. */
export type InlineScript = { code: string; hash: string };

/**
 * Bundles one browser module (src/client/inline/) into a self-contained, minified script to inline
 * in the page's HTML. The sources are typechecked and linted TypeScript; the page gets a classic
 * script (an IIFE, so nothing leaks into the page's globals) whose exact text the CSP hash allows.
 * Vite's client build does not see these files: they are not entries or modules, but text.
 */
export function inlineScript(entry: string): InlineScript {
  const result = buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "iife",
    platform: "browser",
    // Every browser the client bundles support runs this: dynamic import(), optional chaining.
    target: "es2020",
    charset: "utf8",
    legalComments: "none",
    write: false,
    logLevel: "silent",
    // The project tsconfig is for typechecking; its `strict` would only add a "use strict" prologue
    // that the code (strict-clean anyway) does not need.
    tsconfigRaw: {},
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error(`esbuild produced no output for ${entry}`);
  // esbuild ends its output with a newline: drop it, so the inlined text and its hash agree.
  const code = file.text.replace(/\n$/, "");
  return { code, hash: `sha256-${createHash("sha256").update(code).digest("base64")}` };
}
