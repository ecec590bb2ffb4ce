import type { CssNode } from "../../src/render/css-rules.ts";

// Shaped like Tailwind v4's minified output: layers, escaped variant classes, group variants,
// nested media queries, theme variables (one read through another), @property registrations
// and a banner comment.
export const stylesheet = [
  "/*! tailwindcss v4 | MIT License */",
  "@layer theme,base,components,utilities;",
  "@layer theme{:root,:host{--font-sans:ui-sans-serif;--color-brand-700:#17655c;--spacing:.25rem;--default-font-family:var(--font-sans)}}",
  "@layer base{*,:after,:before{box-sizing:border-box}html{font-family:var(--default-font-family)}a{color:inherit}::placeholder{opacity:1}}",
  "@layer utilities{",
  ".flex{display:flex}",
  ".hidden{display:none}",
  ".text-brand-700{color:var(--color-brand-700)}",
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

/**
 * The stylesheet above as build/css-split.ts splits it at build time. The worker tests prune this
 * tree (lightningcss cannot run in workerd); tests/browser/css-split.spec.ts checks, in Node, that
 * splitting the stylesheet gives exactly this tree.
 */
export const splitStylesheet: CssNode[] = [
  { css: "@layer theme,base,components,utilities;" },
  {
    open: "@layer theme{",
    body: [
      {
        open: ":root,:host{",
        vars: [
          ["--font-sans", "--font-sans:ui-sans-serif"],
          ["--color-brand-700", "--color-brand-700:#17655c"],
          ["--spacing", "--spacing:.25rem"],
          ["--default-font-family", "--default-font-family:var(--font-sans)"],
        ],
      },
    ],
  },
  {
    open: "@layer base{",
    body: [
      { css: "*,:after,:before{box-sizing:border-box}", classes: [[], [], []] },
      { css: "html{font-family:var(--default-font-family)}", classes: [["<html"]] },
      { css: "a{color:inherit}", classes: [["<a"]] },
      { css: "::placeholder{opacity:1}", classes: [["<input"], ["<textarea"]] },
    ],
  },
  {
    open: "@layer utilities{",
    body: [
      { css: ".flex{display:flex}", classes: [["flex"]] },
      { css: ".hidden{display:none}", classes: [["hidden"]] },
      { css: ".text-brand-700{color:var(--color-brand-700)}", classes: [["text-brand-700"]] },
      { css: ".mt-2{margin-top:calc(var(--spacing) * 2)}", classes: [["mt-2"]] },
      {
        css: ".translate-y-1{--tw-translate-y:.25rem;translate:var(--tw-translate-x) var(--tw-translate-y)}",
        classes: [["translate-y-1"]],
      },
      { css: ".hover\\:-translate-y-0\\.5:hover{translate:0 -.125rem}", classes: [["hover:-translate-y-0.5"]] },
      {
        css: ".group-open\\:block:is(:where(.group):is([open]) *){display:block}",
        classes: [["group-open:block", "group"]],
      },
      { css: ".\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}", classes: [["[&>svg]:size-4", "<svg"]] },
      { css: ".space-y-4>:not(:last-child){margin-bottom:1rem}", classes: [["space-y-4"]] },
      { css: ".a,.b.c{color:red}", classes: [["a"], ["b", "c"]] },
      { css: '.content-\\[\\"x\\"\\]{content:"x"}', classes: [['content-["x"]']] },
      {
        open: "@media (width>=40rem){",
        body: [
          { css: ".sm\\:flex{display:flex}", classes: [["sm:flex"]] },
          { css: ".sm\\:mt-2{margin-top:.5rem}", classes: [["sm:mt-2"]] },
        ],
      },
    ],
  },
  { css: '@property --tw-translate-y{syntax:"*";inherits:false;initial-value:0}' },
  { css: '@property --tw-gradient-from{syntax:"<color>";inherits:false;initial-value:#0000}' },
];
