/**
 * The architecture's rules (npm run check:deps; run in CI). README "Architecture rules" says what
 * each one protects. Type-only imports are allowed where code imports are not: a type costs
 * nothing at run time and keeps shapes defined once.
 */
const WORKER_ONLY =
  "^src/(routes|admin|orders|services|security|contact|db|mail|http|render|pages|app\\.ts|index\\.ts|env\\.ts)";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle makes module start-up order matter and hides which piece depends on which.",
      from: {},
      to: { circular: true },
    },
    {
      name: "browser-code-never-imports-worker-code",
      severity: "error",
      comment:
        "Islands and src/client run in the browser: worker code there would ship secrets' handling, SQL and Stripe to every visitor, or fail to bundle.",
      from: { path: "^src/(client|islands)/" },
      to: { path: WORKER_ONLY, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "browser-code-never-imports-runtime-modules",
      severity: "error",
      comment: "Node built-ins and cloudflare:* modules do not exist in the browser.",
      from: { path: "^src/(client|islands)/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "routes-do-not-import-each-other",
      severity: "error",
      comment: "A route is HTTP only; what two routes share belongs in orders/, security/, http/ or render/.",
      from: { path: "^src/routes/" },
      to: { path: "^src/routes/" },
    },
    {
      name: "render-knows-no-page",
      severity: "error",
      comment:
        "One hop: a route picks its page (a factory in pages/) and hands it to render/page-response.tsx, which only knows the Page shape. A page named in render/ would bring back the pass-through wrappers.",
      from: { path: "^src/render/" },
      to: { path: "^src/pages/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "pages-do-not-import-server-code",
      severity: "error",
      comment: "A page is markup from content and data it is given; it never queries, charges or answers HTTP.",
      from: { path: "^src/pages/" },
      to: {
        path: "^src/(routes|admin|orders|services|security|messages|mail|http|app\\.ts|index\\.ts)",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "content-imports-only-types-and-helpers",
      severity: "error",
      comment:
        "Content is typed data the owner edits; it must stay free of behaviour so any page or e-mail can use it.",
      from: { path: "^src/content/" },
      to: {
        pathNot: "^src/(content/|lib/|paths\\.ts)",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "data-only-through-domain-modules",
      severity: "error",
      comment:
        "SQL lives in src/db/ and only domain modules (orders, quotes, contact, mail, security, admin) call it: a route, page or render module that needs data asks one of them. Row types may be imported anywhere.",
      from: { path: "^src/(routes|pages|render|components|content|islands|client)/" },
      to: { path: "^src/db/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-orphans",
      severity: "error",
      comment: "A module nothing imports is dead code or a forgotten wire-up.",
      from: {
        orphan: true,
        pathNot: [
          "\\.d\\.ts$",
          "(^|/)\\.[^/]+\\.(c|m)?js$",
          "\\.config\\.ts$",
          "^tests/",
          "^scripts/",
          "^src/index\\.ts$",
          "^src/client/entries/",
          "^src/client/inline/",
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(dist|node_modules|\\.wrangler)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
