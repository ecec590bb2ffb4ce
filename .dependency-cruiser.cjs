/**
 * The architecture's rules (npm run check:deps; run in CI). README "Architecture rules" says what
 * each one protects. Type-only imports are allowed where code imports are not: a type costs
 * nothing at run time and keeps shapes defined once.
 *
 * A feature folder (src/quotes/, src/mpesa/, …) holds its routes (*-routes.ts), pages (*-page.tsx,
 * *-view.tsx), copy (*-copy.ts), input schemas (*-schema.ts), logic, and SQL (*-queries.ts).
 */

/** What the browser may run: the catalogue, every feature's copy and schemas, helpers, components. */
const BROWSER_SAFE =
  "^src/(client|islands|lib|components|catalogue|site/legal)/|^src/(paths|compliance-paths)\\.ts$|-copy\\.ts$|-schema\\.ts$";
/** Files of the catalogue and copy that the worker alone runs (they ask Stripe, or name worker types). */
const WORKER_ONLY_EXCEPTIONS = "^src/catalogue/stripe-prices\\.ts$";
/** A page or a piece of one: markup from copy and the data it is given. */
const PAGE = "(-page|-view|-panels|-form)\\.tsx$|-pages\\.tsx?$";

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
      to: { path: "^src/", pathNot: BROWSER_SAFE, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "browser-code-never-imports-the-worker-only-catalogue",
      severity: "error",
      comment: "The catalogue's Stripe lookups are the worker's.",
      from: { path: "^src/(client|islands)/" },
      to: { path: WORKER_ONLY_EXCEPTIONS, dependencyTypesNot: ["type-only"] },
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
      comment: "A route is HTTP only; what two routes share belongs in a feature's logic, http/, security/ or render/.",
      from: { path: "-routes\\.ts$" },
      to: { path: "-routes\\.ts$" },
    },
    {
      name: "render-knows-no-page",
      severity: "error",
      comment:
        "One hop: a route picks its page (a factory beside it) and hands it to render/page-response.tsx, which only knows the Page shape. A page named in render/ would bring back the pass-through wrappers.",
      from: { path: "^src/render/" },
      to: { path: PAGE, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "pages-do-not-import-server-code",
      severity: "error",
      comment: "A page is markup from copy and data it is given; it never queries, charges, mails or answers HTTP.",
      from: { path: PAGE },
      to: {
        path: "-routes\\.ts$|-queries\\.ts$|^src/(providers|mail|http|db)/|^src/(app|index|cron)\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "logic-does-not-import-pages",
      severity: "error",
      comment:
        "A feature's logic hands data to its page, never the other way round: a shape both need is declared by the logic, and the page imports it. Routes pick pages.",
      from: {
        path: "^src/",
        pathNot: `${PAGE}|-routes\\.ts$|-answers\\.ts$|^src/(render|components|islands|client)/|^src/(app|index|site-shell|[a-z-]+-area)\\.ts$`,
      },
      to: { path: PAGE },
    },
    {
      name: "copy-imports-only-copy-and-helpers",
      severity: "error",
      comment: "Copy is typed data the owner edits; it must stay free of behaviour so any page or e-mail can use it.",
      from: { path: "-copy\\.ts$|^src/site/legal/" },
      to: {
        path: "^src/",
        pathNot: "-copy\\.ts$|^src/(lib|site/legal|catalogue)/|^src/paths\\.ts$",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "sql-stays-in-its-feature",
      severity: "error",
      comment:
        "A feature's SQL (*-queries.ts) is called by that feature's own logic: another feature asks that logic, so the rules that go with the data (states, numbering, keys) cannot be skipped. Row types may be imported anywhere.",
      from: { path: "^src/([^/]+)/" },
      to: { path: "^src/([^/]+)/.*-queries\\.ts$", pathNot: "^src/$1/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "routes-and-pages-reach-data-through-logic",
      severity: "error",
      comment:
        "A route or page never runs SQL: it calls its feature's logic, which holds the rules. Row types may be imported anywhere.",
      from: { path: `-routes\\.ts$|${PAGE}|^src/(render|components|islands|client)/` },
      to: { path: "-queries\\.ts$|^src/db/", dependencyTypesNot: ["type-only"] },
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
