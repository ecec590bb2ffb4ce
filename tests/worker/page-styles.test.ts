import { describe, expect, it } from "vitest";
import { classesInHtml, pruneCss } from "../../src/render/css-rules.ts";
import { splitStylesheet as rules, stylesheet } from "../support/css-fixture.ts";

// The split itself (build/css-split.ts, lightningcss: Node only) is tested in tests/browser/css-split.spec.ts.

describe("pruning the split site stylesheet to a page", () => {
  const allClasses = new Set(
    rules.flatMap(function names(node): string[] {
      if ("body" in node) return node.body.flatMap(names);
      return "css" in node ? (node.classes ?? []).flat() : [];
    }),
  );

  it("keeps a page's rules, the rules with no class, and the groups around kept rules only", () => {
    const css = pruneCss(rules, new Set(["<html", "flex", "sm:mt-2", "group-open:block", "group"]));
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain("@media (width>=40rem){.sm\\:mt-2{margin-top:.5rem}}");
    expect(css).toContain(".group-open\\:block:is(");
    expect(css).toContain("@layer theme,base,components,utilities;");
    expect(css).toContain(":root,:host{--font-sans:ui-sans-serif;--default-font-family:var(--font-sans)}");
    expect(css).not.toContain("a{color:inherit}");
    expect(css).not.toContain(".hidden");
    expect(css).not.toContain(".sm\\:flex");
    expect(css).not.toContain("tailwindcss v4");
  });

  it("keeps element rules only where the page has such an element (form-field pseudo-elements need a field)", () => {
    const page = classesInHtml('<html><body><a href="/">Home</a></body></html>');
    expect(pruneCss(rules, page)).toContain("a{color:inherit}");
    expect(pruneCss(rules, page)).not.toContain("::placeholder");
    expect(pruneCss(rules, classesInHtml("<form><textarea></textarea></form>"))).toContain("::placeholder{opacity:1}");
    expect(pruneCss(rules, classesInHtml("<p>No links</p>"))).not.toContain("a{color:inherit}");
  });

  it("needs every class of a compound selector, and any one selector of a list", () => {
    expect(pruneCss(rules, new Set(["b"]))).not.toContain("color:red");
    expect(pruneCss(rules, new Set(["b", "c"]))).toContain(".a,.b.c{color:red}");
    expect(pruneCss(rules, new Set(["a"]))).toContain(".a,.b.c{color:red}");
  });

  it("keeps only the theme variables the kept rules read, directly or through another variable", () => {
    const css = pruneCss(rules, new Set(["<html", "mt-2"]));
    expect(css).toContain(
      ":root,:host{--font-sans:ui-sans-serif;--spacing:.25rem;--default-font-family:var(--font-sans)}",
    );
    expect(css).not.toContain("--color-brand-700");
    expect(pruneCss(rules, new Set(["text-brand-700"]))).toContain("--color-brand-700:#17655c");
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
    expect([...classesInHtml(html)].sort()).toEqual(["<div", "<p", "<svg", "[&>svg]:size-4", "flex", "mt-2"]);
  });
});
