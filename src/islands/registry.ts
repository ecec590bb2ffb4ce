/**
 * Everything a page may run in the browser, by name: the one list the server's markers, the
 * browser's hydration, the build's chunks and each page's script and CSS lists derive from.
 * A name is its module's file name (the build finds a module's files by it): adding an island is
 * writing `src/islands/Name.tsx` (exporting `Name`) and one line below.
 */
export const islands = {
  AppToaster: () => import("./AppToaster.tsx").then((m) => m.AppToaster),
  Checkout: () => import("./Checkout.tsx").then((m) => m.Checkout),
  ContactForm: () => import("./ContactForm.tsx").then((m) => m.ContactForm),
  MpesaStatus: () => import("./MpesaStatus.tsx").then((m) => m.MpesaStatus),
  PayQuote: () => import("./PayQuote.tsx").then((m) => m.PayQuote),
  QuoteSelector: () => import("./QuoteSelector.tsx").then((m) => m.QuoteSelector),
};

/**
 * Page scripts: plain modules with no component to hydrate, each run by the pages that name it.
 * An entry may export `ready`, a promise the island loader waits on before replaying early taps.
 */
export const pageScripts = {
  header: () => import("../client/scripts/header.ts"),
  "not-found": () => import("../client/scripts/not-found.ts"),
  "pricing-cart": () => import("../client/scripts/pricing-cart.ts"),
  "office-map": () => import("../client/scripts/office-map.ts"),
  "clear-cart": () => import("../client/scripts/clear-cart.ts"),
};

export type IslandName = keyof typeof islands;
export type PageScriptName = keyof typeof pageScripts;
