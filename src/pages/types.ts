import type { ReactElement } from "react";
import type { ClientEntryName } from "../render/assets.ts";

/** One route of the site: its path, its <head> copy, the client entries it needs and its body. */
export type Page = {
  path: string;
  title: string;
  description: string;
  /** Client bundles this page hydrates; the header script is always added. */
  entries?: ClientEntryName[];
  render: () => ReactElement;
  /** JSON-LD objects for search engines, given the site's origin (https://…). */
  structuredData?: (origin: string) => object[];
  /** Kept out of the sitemap and search results (e.g. the checkout steps). */
  noindex?: boolean;
  /** Marks <html data-cart="items"> before first paint when the browser holds a cart (build/cart-hint.ts). */
  cartHint?: boolean;
};
