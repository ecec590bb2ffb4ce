import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, type Page } from "@playwright/test";
import { splitCss } from "../../../build/css-split.ts";
import { type CssNode, pruneCss } from "../../../src/render/css-rules.ts";

let siteRules: CssNode[] | undefined;

/** The built site stylesheet, split into its rule tree as the build does. */
function builtSiteRules(): CssNode[] {
  if (!siteRules) {
    const dir = resolve("dist/client/assets");
    const file = readdirSync(dir).find((f) => f.endsWith(".css"));
    if (!file) throw new Error("No built stylesheet: run the build before the browser tests");
    siteRules = splitCss(readFileSync(resolve(dir, file), "utf8"));
  }
  return siteRules;
}

/** The text of each style rule in a tree (custom-property blocks and @property left out). */
function ruleTexts(nodes: CssNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if ("body" in node) ruleTexts(node.body, into);
    else if ("css" in node && !node.css.startsWith("@property")) into.add(node.css);
  }
  return into;
}

/**
 * Each page inlines only the rules it can use. Whatever the page shows now (server markup plus
 * what its islands, header and toasts rendered since), every rule of the site stylesheet that the
 * live DOM's classes and elements can match must be in the page's own stylesheet: a missing one
 * would be an unstyled button, field or message.
 */
export async function expectPageStylesCoverDom(page: Page): Promise<void> {
  const { inline, inUse } = await page.evaluate(() => ({
    // The first <style> is the page's own; sonner appends its stylesheet after it.
    inline: document.querySelector("head style")?.textContent ?? "",
    inUse: [
      ...new Set([
        ...[...document.querySelectorAll("[class]")].flatMap((el) => [...el.classList]),
        // Element rules (the preflight's form rules, say) are kept by the elements a page holds.
        ...[...document.querySelectorAll("*")].map((el) => `<${el.localName}`),
      ]),
    ],
  }));
  const needed = ruleTexts(splitCss(pruneCss(builtSiteRules(), new Set(inUse))));
  const kept = ruleTexts(splitCss(inline));
  const missing = [...needed].filter((rule) => !kept.has(rule));
  expect(missing, `rules the live DOM needs, missing from the page's stylesheet on ${page.url()}`).toEqual([]);
}
