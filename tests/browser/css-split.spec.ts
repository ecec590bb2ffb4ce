// Node-side, no page: splitting the site stylesheet with lightningcss (build/css-split.ts) runs
// at build time only, so it cannot be tested in workerd with the pruning it feeds
// (tests/worker/page-styles.test.ts, which prunes the tree checked here).
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { splitCss, styledClasses } from "../../build/css-split.ts";
import { type CssNode, pruneCss } from "../../src/render/css-rules.ts";
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
        "text-brand-700",
        "a",
        "b",
        "c",
        'content-["x"]',
        "sm:flex",
        "sm:mt-2",
        // Element names, written "<name": the page must hold one for the rule to apply.
        "<html",
        "<a",
        "<input",
        "<textarea",
        "<svg",
      ].sort(),
    );
    expect(splitCss(".x:not(.y),.z{color:red}")).toEqual([
      { css: ".x:not(.y),.z{color:red}", classes: [["x"], ["z"]] },
    ]);
    expect(splitCss(".\\32 xl\\:p-4{padding:1rem}")[0]).toMatchObject({ classes: [["2xl:p-4"]] });
    expect(splitCss("ul li,:is(h2,h3) b,::file-selector-button{x:y}")[0]).toMatchObject({
      classes: [["<ul", "<li"], ["<b"], ["<input"]],
    });
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

  test("the built stylesheet, split and every class in use, keeps every rule and the properties they read", () => {
    const dir = resolve("dist/client/assets");
    const file = readdirSync(dir).find((f) => f.endsWith(".css"));
    test.skip(!file, "no build");
    const rules = splitCss(readFileSync(resolve(dir, file!), "utf8"));
    const kept = pruneCss(rules, styledClasses(rules));
    const leaves = (nodes: CssNode[]): CssNode[] =>
      nodes.flatMap((node) => ("body" in node ? leaves(node.body) : [node]));
    // Every rule stays; of the custom properties, those some kept rule reads (and @property
    // registrations of them) stay, so nothing the page draws with is left undefined.
    for (const node of leaves(rules))
      if ("css" in node && !node.css.startsWith("@property")) expect(kept).toContain(node.css);
    const declared = new Set([...kept.matchAll(/[{;](--[\w-]+):/g)].map((m) => m[1]));
    const registered = new Set([...kept.matchAll(/@property (--[\w-]+)/g)].map((m) => m[1]));
    // (Tailwind's supports-* variants test `backdrop-filter:var(--tw)` in @supports: not a read.)
    const unresolved = [...kept.replace(/@supports[^{]*\{/g, "").matchAll(/var\((--[\w-]+)\)/g)]
      .map((m) => m[1]!)
      .filter((name) => !declared.has(name) && !registered.has(name));
    expect(unresolved).toEqual([]);
  });
});
