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

/** The owner's back office (Cloudflare Access or HTTP Basic auth): redirects to its first section. */
export const ADMIN_PATH = "/admin";

// The back office's pages for the Data Protection Act's records and the funnel, in a file of their own.
export * from "./compliance-paths.ts";
/** POST (navigator.sendBeacon, same-origin): a cart addition or saved quote, counted (docs/insight.md). */
export const INSIGHT_EVENT_PATH = "/insight/event";

/** The back office's sections, one page each (`?q=…&status=…&from=…&to=…&page=…`), in the nav's order. */
export const adminSectionPaths = {
  orders: "/admin/orders",
  subscriptions: "/admin/subscriptions",
  quotes: "/admin/quotes",
  messages: "/admin/messages",
  outbox: "/admin/outbox",
  invoices: "/admin/invoices",
} as const;

/** POST (the owner's form): sends a tax invoice KRA has not accepted yet again, now. */
export const ADMIN_INVOICE_RETRY_PATH = "/admin/invoices/:number/retry";

/** GET: the orders or messages of the current filter as a CSV download (every page). */
export const ADMIN_ORDERS_CSV_PATH = "/admin/orders.csv";
export const ADMIN_MESSAGES_CSV_PATH = "/admin/messages.csv";
export const ADMIN_OUTBOX_CSV_PATH = "/admin/outbox.csv";

/** POST (the owner's form): hands a failed e-mail of the outbox to the queue again. */
export const ADMIN_OUTBOX_RESEND_PATH = "/admin/outbox/:id/resend";

/** POST (the owner's form, `answered=1|0`): marks a contact message answered or not. */
export const ADMIN_MESSAGE_ANSWERED_PATH = "/admin/messages/:id/answered";

/** POST (the owner's form, `note=…`): adds a private note to an order. */
export const ADMIN_ORDER_NOTES_PATH = "/admin/orders/:id/notes";

/** POST (the owner's form, `kraPin=…`, empty to clear): the buyer's KRA PIN, until the order's tax invoice is reported. */
export const ADMIN_ORDER_KRA_PIN_PATH = "/admin/orders/:id/kra-pin";

/** GET: the owner's settings (the KES exchange rate); POST (the owner's form, `rate=…`): a new rate. */
export const ADMIN_SETTINGS_PATH = "/admin/settings";
/** The owner's bank, paybill or till and WhatsApp details (a form of the Settings page). */
export const ADMIN_PAYMENT_DETAILS_PATH = "/admin/settings/payment-details";

/** POST (the owner's form): a bank transfer or M-Pesa paybill payment, recorded against a quote or an order. */
export const ADMIN_PAYMENTS_PATH = "/admin/payments";

/**
 * Refunds (docs/refunds.md): GET the form for one payment (`?payment=…`); POST it (the second look,
 * then, with its confirmation, the refund); GET one refund's page; POST a card refund to Stripe again.
 */
export const ADMIN_REFUNDS_PATH = "/admin/refunds";
export const ADMIN_REFUND_NEW_PATH = "/admin/refunds/new";
export const ADMIN_REFUND_PATH = "/admin/refunds/:id";
export const ADMIN_REFUND_RETRY_PATH = "/admin/refunds/:id/retry";
/** GET: a refund's KRA credit note (PDF), once KRA accepted it. */
export const ADMIN_REFUND_CREDIT_NOTE_PATH = "/admin/refunds/:id/credit-note";

/** The refund form of one payment. */
export function adminRefundFormPath(paymentId: string): string {
  return `${ADMIN_REFUND_NEW_PATH}?payment=${encodeURIComponent(paymentId)}`;
}

/** One refund's page, its "send again" form's action and its credit note. */
export function adminRefundPath(refundId: string, suffix: "" | "/retry" | "/credit-note" = ""): string {
  return `${ADMIN_REFUND_PATH.replace(":id", encodeURIComponent(refundId))}${suffix}`;
}

/** GET: the paybill payments Daraja's C2B API confirmed, unmatched first (docs/paybill.md). */
export const ADMIN_PAYBILL_PATH = "/admin/paybill";
/** POST (the owner's form, `trans_id=…&target=…`): an unmatched paybill payment assigned to a quote or an order. */
export const ADMIN_PAYBILL_ASSIGN_PATH = "/admin/paybill/assign";

/** The People section (GET ?email=…) and its two requests: export (a JSON download) and erase. */
export const ADMIN_PEOPLE_PATH = "/admin/people";
export const ADMIN_PEOPLE_EXPORT_PATH = "/admin/people/export";
export const ADMIN_PEOPLE_ERASE_PATH = "/admin/people/erase";

/** `?query` or "" (a query string without its "?"). */
const withQuery = (query: string): string => (query ? `?${query}` : "");

/** The resend form's action for one outbox row, keeping the list's query for the way back. */
export function adminOutboxResendPath(id: number, query = ""): string {
  return ADMIN_OUTBOX_RESEND_PATH.replace(":id", String(id)) + withQuery(query);
}

/** The answered/unanswered form's action for one message, keeping the list's query. */
export function adminMessageAnsweredPath(id: number, query = ""): string {
  return ADMIN_MESSAGE_ANSWERED_PATH.replace(":id", String(id)) + withQuery(query);
}

/** The note form's action for one order, keeping the list's query. */
export function adminOrderNotesPath(orderId: string, query = ""): string {
  return ADMIN_ORDER_NOTES_PATH.replace(":id", encodeURIComponent(orderId)) + withQuery(query);
}

/** The KRA PIN form's action for one order, keeping the list's query. */
export function adminOrderKraPinPath(orderId: string, query = ""): string {
  return ADMIN_ORDER_KRA_PIN_PATH.replace(":id", encodeURIComponent(orderId)) + withQuery(query);
}

/** An order's row in Orders (the list's query, e.g. `q=<session id>` to find it on any page). */
export function adminOrderAnchor(orderId: string, query = ""): string {
  return `${adminSectionPaths.orders}${withQuery(query)}#order-${encodeURIComponent(orderId)}`;
}

/** A quote's row in Quotes, searched by its number so it is found on any page. */
export function adminQuoteAnchor(number: string): string {
  return `${adminSectionPaths.quotes}?q=${encodeURIComponent(number)}#quote-${encodeURIComponent(number)}`;
}

/** A message's card in Messages. */
export function adminMessageAnchor(id: number, query = ""): string {
  return `${adminSectionPaths.messages}${withQuery(query)}#message-${id}`;
}

/** An e-mail's row in the Outbox (where the owner lands after a resend). */
export function adminOutboxAnchor(id: number, query = ""): string {
  return `${adminSectionPaths.outbox}${withQuery(query)}#outbox-${id}`;
}

/** The "Send again now" form's action for one tax invoice (our number), keeping the list's query. */
export function adminInvoiceRetryPath(number: string, query = ""): string {
  return ADMIN_INVOICE_RETRY_PATH.replace(":number", encodeURIComponent(number)) + withQuery(query);
}

/** A tax invoice's row in Tax invoices (where the owner lands after "Send again now"). */
export function adminInvoiceAnchor(number: string, query = ""): string {
  return `${adminSectionPaths.invoices}${withQuery(query)}#invoice-${encodeURIComponent(number)}`;
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

/** GET: a payment's receipt, its PDF (`?k=` its access key). */
export const RECEIPT_PATH = "/receipt/:number";

/** A receipt's PDF for whoever holds its key: the link a payment's e-mail carries (relative). */
export function receiptPath(number: string, accessKey: string): string {
  return `${RECEIPT_PATH.replace(":number", encodeURIComponent(number))}?k=${encodeURIComponent(accessKey)}`;
}

/** GET: the owner's copy of a receipt's PDF, by number (behind the back office's sign-in). */
export const ADMIN_RECEIPT_PATH = "/admin/receipts/:number";

export function adminReceiptPath(number: string): string {
  return ADMIN_RECEIPT_PATH.replace(":number", encodeURIComponent(number));
}

/** POST: a contact message (JSON from the island, or a plain form post). */
export const CONTACT_API_PATH = "/api/contact";

/** POST: Stripe's events, proven by their signature. */
export const STRIPE_WEBHOOK_PATH = "/stripe/webhook";

/** M-Pesa Express (docs/payments.md): everything lives under this prefix. */
export const MPESA_PREFIX = "/mpesa";
/** POST: a cart paid by M-Pesa (JSON from /checkout), answered with its waiting page. */
export const MPESA_PAY_PATH = `${MPESA_PREFIX}/pay`;
/** POST: a written quote paid by M-Pesa (JSON from its page). */
export const MPESA_PAY_QUOTE_PATH = `${MPESA_PREFIX}/pay-quote`;
/** GET: whether M-Pesa is offered and at which rate (JSON, for /checkout). */
export const MPESA_TERMS_PATH = `${MPESA_PREFIX}/terms`;
/** POST: Daraja's result of one prompt, to this prefix plus the prompt's own token. */
export const MPESA_CALLBACK_PREFIX = `${MPESA_PREFIX}/callback/`;
export const MPESA_ORDER_PATH = `${MPESA_PREFIX}/order/:ref`;

/** An M-Pesa order's waiting page; its reference is a random UUID, so the address is the key. */
export function mpesaOrderPath(orderRef: string): string {
  return `${MPESA_PREFIX}/order/${encodeURIComponent(orderRef)}`;
}

/**
 * Daraja's C2B calls for paybill payments (docs/paybill.md): validation and confirmation, under a
 * secret segment (MPESA_C2B_PATH_SECRET). Not under /mpesa: Daraja refuses URLs that name M-Pesa.
 */
export const PAYBILL_C2B_PREFIX = "/payments/c2b";
export const PAYBILL_C2B_VALIDATE_PATH = `${PAYBILL_C2B_PREFIX}/:secret/validate`;
export const PAYBILL_C2B_CONFIRM_PATH = `${PAYBILL_C2B_PREFIX}/:secret/confirm`;

/** The two addresses registered with Daraja for one secret (relative; prefix the site's origin). */
export function paybillC2bPaths(secret: string): { validate: string; confirm: string } {
  const base = `${PAYBILL_C2B_PREFIX}/${encodeURIComponent(secret)}`;
  return { validate: `${base}/validate`, confirm: `${base}/confirm` };
}

/**
 * Daraja's asynchronous answers to a refund's reversal (docs/refunds.md): its Result and its queue
 * timeout, under a secret segment (MPESA_RESULT_PATH_SECRET). Not under /mpesa: Daraja refuses URLs
 * that name M-Pesa.
 */
export const REVERSAL_PREFIX = "/payments/reversal";
export const REVERSAL_RESULT_PATH = `${REVERSAL_PREFIX}/:secret/result`;
export const REVERSAL_TIMEOUT_PATH = `${REVERSAL_PREFIX}/:secret/timeout`;

/** The two addresses a reversal names for one secret (relative; prefix the site's origin). */
export function reversalPaths(secret: string): { result: string; timeout: string } {
  const base = `${REVERSAL_PREFIX}/${encodeURIComponent(secret)}`;
  return { result: `${base}/result`, timeout: `${base}/timeout` };
}

/**
 * Kept out of search engines (a robots.txt Disallow each, and never in the sitemap): the owner's view
 * and the endpoints, with the prefixes under which every JSON API and Stripe callback lives.
 */
export const crawlerDisallowedPaths = [
  ADMIN_PATH,
  PAYMENT_PATH,
  "/api/",
  "/stripe/",
  "/quote",
  "/receipt/",
  `${MPESA_PREFIX}/`,
  `${PAYBILL_C2B_PREFIX}/`,
] as const;

export const ROBOTS_PATH = "/robots.txt";
export const SITEMAP_PATH = "/sitemap.xml";

/** Static files in public/, served by the assets binding. */
export const OG_IMAGE_PATH = "/og-image.jpg";
export const FAVICON_PATH = "/favicon.svg";

/** The buyer asks for a one-time link to manage their subscription (GET the form, POST an e-mail). */
export const BILLING_PATH = "/billing";

/** A one-time link from an e-mail (?token=…): opens Stripe's billing portal. */
export const BILLING_OPEN_PATH = "/billing/open";

/** POST from the success page of a paid subscription order (order_id in the form): opens the portal. */
export const BILLING_FROM_ORDER_PATH = "/billing/order";

/**
 * POST (a one-time link's token and an action): a monthly plan paid by M-Pesa, managed on our own
 * page (docs/mpesa-plans.md): see it, change the number its prompts go to, cancel it.
 */
export const BILLING_PLAN_PATH = "/billing/plan";

/** GET (`?k=` a month's pay key, from its e-mails): the month due; POST: a prompt for it to the plan's phone. */
export const BILLING_PLAN_PAY_PATH = "/billing/plan/pay";

export function mpesaPlanPayPath(payKey: string): string {
  return `${BILLING_PLAN_PAY_PATH}?k=${encodeURIComponent(payKey)}`;
}
