import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, type Page } from "@playwright/test";
import { splitCss, styledClasses } from "../../../build/css-split.ts";

let siteStyled: Set<string> | undefined;

/** Every class the built site stylesheet styles. */
function siteStyledClasses(): Set<string> {
  if (!siteStyled) {
    const dir = resolve("dist/client/assets");
    const file = readdirSync(dir).find((f) => f.endsWith(".css"));
    if (!file) throw new Error("No built stylesheet: run the build before the browser tests");
    siteStyled = styledClasses(splitCss(readFileSync(resolve(dir, file), "utf8")));
  }
  return siteStyled;
}

/**
 * Each page inlines only the rules it can use. Whatever the page shows now (server markup plus
 * what its islands, header and toasts rendered since), every class and element the site styles
 * must be styled by the page's own stylesheet: a missing one would be an unstyled button or field.
 */
export async function expectPageStylesCoverDom(page: Page): Promise<void> {
  const { inline, classes } = await page.evaluate(() => ({
    // The first <style> is the page's own; sonner appends its stylesheet after it.
    inline: document.querySelector("head style")?.textContent ?? "",
    classes: [
      ...new Set([
        ...[...document.querySelectorAll("[class]")].flatMap((el) => [...el.classList]),
        // Element rules (the preflight's form rules, say) are kept by the elements a page holds.
        ...[...document.querySelectorAll("*")].map((el) => `<${el.localName}`),
      ]),
    ],
  }));
  const pageStyled = styledClasses(splitCss(inline));
  const missing = classes.filter((name) => siteStyledClasses().has(name) && !pageStyled.has(name));
  expect(missing, `classes in the DOM without their rules in the page's stylesheet on ${page.url()}`).toEqual([]);
}
