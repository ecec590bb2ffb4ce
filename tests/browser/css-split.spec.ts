// Node-side, no page: splitting the site stylesheet with lightningcss (build/css-split.ts) runs
// at build time only, so it cannot be tested in workerd with the pruning it feeds
// (tests/worker/page-styles.test.ts, which prunes the tree checked here).
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { splitCss, styledClasses } from "../../build/css-split.ts";
import { pruneCss } from "../../src/render/css-rules.ts";
import { splitStylesheet, stylesheet } from "../support/css-fixture.ts";

test.describe("splitting the site stylesheet into rules (lightningcss)", () => {
  test("gives the rule tree the worker prunes: each rule's own text, groups around their rules", () => {
    expect(splitCss(stylesheet)).toEqual(splitStylesheet);
  });

  test("reads every class a selector needs, unescaped, and none under :not()", () => {
    expect([...styledClasses(splitCss(stylesheet))].sort()).toEqual(
      [
        "flex",
        "hidden",
        "mt-2",
        "translate-y-1",
        "hover:-translate-y-0.5",
        "group-open:block",
        "group",
        "[&>svg]:size-4",
        "space-y-4",
        "a",
        "b",
        "c",
        'content-["x"]',
        "sm:flex",
        "sm:mt-2",
      ].sort(),
    );
    expect(splitCss(".x:not(.y),.z{color:red}")).toEqual([
      { css: ".x:not(.y),.z{color:red}", classes: [["x"], ["z"]] },
    ]);
    expect(splitCss(".\\32 xl\\:p-4{padding:1rem}")[0]).toMatchObject({ classes: [["2xl:p-4"]] });
  });

  test("keeps each rule's source text, whatever the whitespace and comments between rules", () => {
    const css = '/* a */\r\n.é{content:"→"}\n\n@media (width >= 40rem) {\n  .b , .c { x: y }\n}\f@layer a,b;';
    expect(splitCss(css)).toEqual([
      { css: '.é{content:"→"}', classes: [["é"]] },
      { open: "@media (width >= 40rem) {", body: [{ css: ".b , .c { x: y }", classes: [["b"], ["c"]] }] },
      { css: "@layer a,b;" },
    ]);
  });

  test("fails loudly on a stylesheet it cannot read, rather than dropping rules", () => {
    expect(() => splitCss(".a{color:red")).toThrow(/Unclosed/);
    expect(() => splitCss("@media (width>=1px){.a{color:red}")).toThrow(/Unclosed/);
    expect(() => splitCss(".a{color:red}}")).toThrow();
    expect(() => splitCss(".a{color:red}}.b{color:blue}")).toThrow();
  });

  test("the built stylesheet, split and every class in use, is the stylesheet again", () => {
    const dir = resolve("dist/client/assets");
    const file = readdirSync(dir).find((f) => f.endsWith(".css"));
    test.skip(!file, "no build");
    const css = readFileSync(resolve(dir, file!), "utf8");
    const rules = splitCss(css);
    const kept = pruneCss(rules, styledClasses(rules));
    // Only the comments go, and the @property registrations no rule reads.
    const unread = [...css.matchAll(/@property (--[\w-]+)\{[^}]*\}/g)].filter(
      ([, name]) => !kept.includes(`var(${name}`),
    );
    let expected = css.replace(/\/\*[\s\S]*?\*\//g, "").trim();
    for (const [registration] of unread) expected = expected.replace(registration, "");
    expect(kept).toBe(expected);
  });
});
