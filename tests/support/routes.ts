/** The spec's route list (section 2): what the tests visit. */
export const publicRoutes = [
  "/",
  "/about",
  "/services",
  "/pricing",
  "/faq",
  "/contact",
  "/custom-quote",
  "/checkout",
  "/checkout/success",
  "/terms",
  "/privacy",
  "/refund",
  "/cookie",
  "/dpa",
  "/aup",
] as const;

/** The routes search engines are told about: all but the checkout steps (noindex). */
export const indexedRoutes = publicRoutes.filter((path) => !path.startsWith("/checkout"));

/** The header's links in order, with their labels. */
export const headerLinks = [
  ["/", "Home"],
  ["/about", "About Us"],
  ["/services", "Services"],
  ["/pricing", "Pricing"],
  ["/custom-quote", "Custom Quote"],
  ["/faq", "FAQ"],
  ["/contact", "Contact"],
] as const;
