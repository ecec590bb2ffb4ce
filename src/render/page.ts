import type { ReactElement } from "react";
import type { PageScriptName } from "../islands/registry.ts";

/**
 * What of the deployment's configuration a page shows. The same for every visitor of a deploy, so
 * a shared page rendered with it can still be kept and served to all.
 */
export type PageSettings = {
  /** VAT_REGISTERED: our prices include VAT, and pages that list prices say so once. */
  vatIncluded: boolean;
} & OwnerPageSettings;

/**
 * What of the owner's settings (D1) a public page shows, read only for the pages that ask
 * (Page.offersWhatsApp, Page.showsOdpcRegistration), so every other page is served without asking
 * the database.
 */
export type OwnerPageSettings = {
  /** The WhatsApp number (international, no "+"), or null when unset. */
  whatsapp?: string | null;
  /** The business's ODPC registration number, or null when unset. */
  odpcRegistration?: string | null;
};

/** One route of the site: its path, its <head> copy, the page scripts it runs and its body. */
export type Page = {
  path: string;
  title: string;
  description: string;
  /**
   * Page scripts this page runs (the header script always runs). Islands need no listing: the
   * ones the page renders are found while rendering.
   */
  scripts?: PageScriptName[];
  render: (settings: PageSettings) => ReactElement;
  /** JSON-LD objects for search engines, given the site's origin (https://…). */
  structuredData?: (origin: string) => object[];
  /** Kept out of the sitemap and search results (e.g. the checkout steps). */
  noindex?: boolean;
  /** Marks <html data-cart="items"> before first paint when a cart is held (src/client/inline/cart-hint.ts). */
  cartHint?: boolean;
  /** The back office's bare document instead of the site's shell (render/renderer.tsx). */
  layout?: "site" | "back-office";
  /** A document people print (legal pages, the payment receipt): print styles strip the site's chrome. */
  printable?: boolean;
  /** Shows the owner's WhatsApp link: its route reads the number (PageSettings.whatsapp). */
  offersWhatsApp?: boolean;
  /** Names the ODPC registration number (the privacy policy): its route reads it (PageSettings.odpcRegistration). */
  showsOdpcRegistration?: boolean;
};
