import { describe, expect, it } from "vitest";
import { classesInHtml, pruneCss } from "../../src/render/css-rules.ts";
import { splitStylesheet as rules, stylesheet } from "../support/css-fixture.ts";

// The split itself (build/css-split.ts, lightningcss: Node only) is tested in tests/browser/css-split.spec.ts.

describe("pruning the split site stylesheet to a page", () => {
  const allClasses = new Set(
    rules.flatMap(function names(node): string[] {
      return "body" in node ? node.body.flatMap(names) : (node.classes ?? []).flat();
    }),
  );

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
    expect(pruneCss(rules, allClasses)).toBe(expected);
  });
});

describe("classes in a page's HTML", () => {
  it("reads class attributes as React writes them, entities decoded", () => {
    const html = '<div class="flex  mt-2"><svg class="[&amp;&gt;svg]:size-4"></svg><p data-class="nope">x</p></div>';
    expect([...classesInHtml(html)].sort()).toEqual(["[&>svg]:size-4", "flex", "mt-2"]);
  });
});
