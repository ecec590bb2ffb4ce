/**
 * Every public path of the site, in one place: pages, endpoints and the files crawlers and
 * link previews ask for. Everything else (routes, links in content, the client's fetches, robots.txt)
 * imports these, so a path is spelt once. A leaf module: it imports nothing, so browser code and
 * content may use it too.
 */

/** The site's pages, by name. */
export const paths = {
  home: "/",
  about: "/about",
  services: "/services",
  pricing: "/pricing",
  faq: "/faq",
  contact: "/contact",
  customQuote: "/custom-quote",
  checkout: "/checkout",
  checkoutSuccess: "/checkout/success",
  terms: "/terms",
  privacy: "/privacy",
  refund: "/refund",
  cookie: "/cookie",
  dpa: "/dpa",
  aup: "/aup",
} as const;

/** The six legal documents, in the order the site lists them. */
const legalPaths = [paths.terms, paths.privacy, paths.refund, paths.cookie, paths.dpa, paths.aup] as const;
export type LegalPath = (typeof legalPaths)[number];

/** Where Stripe sends the buyer after paying; Stripe fills in the session id. */
export const CHECKOUT_SUCCESS_URL_TEMPLATE = `${paths.checkoutSuccess}?session_id={CHECKOUT_SESSION_ID}`;

/** Where a contact form posted without JavaScript lands (a 303 from the contact API). */
export const CONTACT_SENT_PATH = "/contact/sent";

/** The owner's view of orders and messages (HTTP Basic auth). */
export const ADMIN_PATH = "/admin";

/** POST (the owner's form on /admin, Basic auth): hands a failed e-mail of the outbox to the queue again. */
export const ADMIN_OUTBOX_RESEND_PATH = "/admin/outbox/:id/resend";

/** The resend form's action for one outbox row. */
export function adminOutboxResendPath(id: number): string {
  return ADMIN_OUTBOX_RESEND_PATH.replace(":id", String(id));
}

/** Where the owner lands after a resend: the e-mail's row on /admin. */
export function adminOutboxAnchor(id: number): string {
  return `${ADMIN_PATH}#outbox-${id}`;
}

/** POST: the cart, answered with a Stripe Checkout session. */
export const PAYMENT_PATH = "/create-custom-payment";

/**
 * POST: a written quote of a cart, answered with its PDF (JSON from the islands, or a plain form post
 * of the checked services on /custom-quote).
 */
export const QUOTE_PATH = "/quote";

/** GET: one quote as a page (`?k=` its access key), with "Pay online". */
export const QUOTE_PAGE_PATH = "/quote/:number";

/** The quote's own page, the link its PDF and e-mails carry (relative; prefix the site's origin). */
export function quotePagePath(number: string, accessKey: string): string {
  return `${QUOTE_PATH}/${encodeURIComponent(number)}?k=${encodeURIComponent(accessKey)}`;
}

/** The quote's PDF again, for whoever holds its key (the quote page's download link). */
export function quotePdfPath(number: string, accessKey: string): string {
  return `${QUOTE_PATH}/${encodeURIComponent(number)}/pdf?k=${encodeURIComponent(accessKey)}`;
}

/** POST: a contact message (JSON from the island, or a plain form post). */
export const CONTACT_API_PATH = "/api/contact";

/** POST: Stripe's events, proven by their signature. */
export const STRIPE_WEBHOOK_PATH = "/stripe/webhook";

/**
 * Kept out of search engines (a robots.txt Disallow each, and never in the sitemap): the owner's view
 * and the endpoints, with the prefixes under which every JSON API and Stripe callback lives.
 */
export const crawlerDisallowedPaths = [ADMIN_PATH, PAYMENT_PATH, "/api/", "/stripe/", "/quote"] as const;

export const ROBOTS_PATH = "/robots.txt";
export const SITEMAP_PATH = "/sitemap.xml";

/** Static files in public/, served by the assets binding. */
export const OG_IMAGE_PATH = "/og-image.jpg";
export const FAVICON_PATH = "/favicon.svg";

/** The buyer asks for a one-time link to manage their subscription (GET the form, POST an e-mail). */
export const BILLING_PATH = "/billing";

/** A one-time link from an e-mail (?token=…): opens Stripe's billing portal. */
export const BILLING_OPEN_PATH = "/billing/open";

/** POST from the success page of a paid subscription order (session_id in the form): opens the portal. */
export const BILLING_FROM_ORDER_PATH = "/billing/order";
