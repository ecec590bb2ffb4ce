import { describe, expect, it } from "vitest";
import { classesInHtml, pruneCss, selectorClasses, splitCss, styledClasses } from "../../src/render/css-rules.ts";

// Shaped like Tailwind v4's minified output: layers, escaped variant classes, group variants,
// nested media queries, @property registrations and a banner comment.
const stylesheet = [
  "/*! tailwindcss v4 | MIT License */",
  "@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--color-brand-700:#17655c;--spacing:.25rem}}",
  "@layer base{*,:after,:before{box-sizing:border-box}a{color:inherit}}",
  "@layer utilities{",
  ".flex{display:flex}",
  ".hidden{display:none}",
  ".mt-2{margin-top:calc(var(--spacing) * 2)}",
  ".translate-y-1{--tw-translate-y:.25rem;translate:var(--tw-translate-x) var(--tw-translate-y)}",
  ".hover\\:-translate-y-0\\.5:hover{translate:0 -.125rem}",
  ".group-open\\:block:is(:where(.group):is([open]) *){display:block}",
  ".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}",
  ".space-y-4>:not(:last-child){margin-bottom:1rem}",
  ".a,.b.c{color:red}",
  '.content-\\[\\"x\\"\\]{content:"x"}',
  "@media (width>=40rem){.sm\\:flex{display:flex}.sm\\:mt-2{margin-top:.5rem}}",
  "}",
  '@property --tw-translate-y{syntax:"*";inherits:false;initial-value:0}',
  '@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}',
].join("");

describe("splitting the site stylesheet into rules", () => {
  const rules = splitCss(stylesheet);

  it("reads every class a selector needs, unescaped, and none under :not()", () => {
    expect([...styledClasses(rules)].sort()).toEqual(
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
    expect(selectorClasses(".x:not(.y),.z")).toEqual([["x"], ["z"]]);
    expect(selectorClasses(".\\32 xl\\:p-4")).toEqual([["2xl:p-4"]]);
  });

  it("keeps a page's rules, the rules with no class, and the groups around kept rules only", () => {
    const css = pruneCss(rules, new Set(["flex", "sm:mt-2", "group-open:block", "group"]));
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain("@media (width>=40rem){.sm\\:mt-2{margin-top:.5rem}}");
    expect(css).toContain(".group-open\\:block:is(");
    expect(css).toContain("@layer theme,base,components,utilities;");
    expect(css).toContain(":root,:host{--color-brand-700:#17655c;--spacing:.25rem}");
    expect(css).toContain("a{color:inherit}");
    expect(css).not.toContain(".hidden");
    expect(css).not.toContain(".sm\\:flex");
    expect(css).not.toContain("tailwindcss v4");
  });

  it("needs every class of a compound selector, and any one selector of a list", () => {
    expect(pruneCss(rules, new Set(["b"]))).not.toContain("color:red");
    expect(pruneCss(rules, new Set(["b", "c"]))).toContain(".a,.b.c{color:red}");
    expect(pruneCss(rules, new Set(["a"]))).toContain(".a,.b.c{color:red}");
  });

  it("keeps only the @property registrations the kept rules read", () => {
    expect(pruneCss(rules, new Set(["translate-y-1"]))).toContain("@property --tw-translate-y{");
    expect(pruneCss(rules, new Set(["translate-y-1"]))).not.toContain("--tw-gradient-from");
    expect(pruneCss(rules, new Set(["flex"]))).not.toContain("@property");
  });

  it("keeps every rule when every class is in use (not the comment, nor a registration nothing reads)", () => {
    const expected = stylesheet.replace(/\/\*[\s\S]*?\*\//, "").replace(/@property --tw-gradient-from\{[^}]*\}/, "");
    expect(pruneCss(rules, styledClasses(rules))).toBe(expected);
  });

  it("fails loudly on a stylesheet it cannot read, rather than dropping rules", () => {
    expect(() => splitCss(".a{color:red")).toThrow(/Unclosed/);
    expect(() => splitCss("@media (width>=1px){.a{color:red}")).toThrow(/Unclosed/);
    expect(() => splitCss(".a{color:red}}")).toThrow(/Unbalanced/);
  });
});

describe("classes in a page's HTML", () => {
  it("reads class attributes as React writes them, entities decoded", () => {
    const html = '<div class="flex  mt-2"><svg class="[&amp;&gt;svg]:size-4"></svg><p data-class="nope">x</p></div>';
    expect([...classesInHtml(html)].sort()).toEqual(["[&>svg]:size-4", "flex", "mt-2"]);
  });
});
