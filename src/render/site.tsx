import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { SuccessState } from "../orders/success-status.ts";
import {
  type BillingView,
  billingLinkProblemPage,
  billingOpenPage,
  billingPage,
  billingPortalReadyPage,
} from "../pages/billing.tsx";
import { checkoutStatusPage } from "../pages/checkout-status.tsx";
import { contactNotSentPage, contactSentPage } from "../pages/contact-sent.tsx";
import { errorPageFor } from "../pages/error.tsx";
import { pages } from "../pages/index.ts";
import { notFoundPage } from "../pages/not-found.tsx";
import { type QuoteView, quotePage, quoteTooManyPage } from "../pages/quote.tsx";
import { QUOTE_PATH } from "../paths.ts";
import { renderPage } from "./page-response.tsx";

/**
 * The pages routes answer with, as responses: routes speak HTTP and never import a page; this
 * module is where a page meets its request.
 */

/** Every public page: the app serves each at its path, and the sitemap lists them. */
export const sitePages = pages;

export function renderContactSent(c: Context): Promise<Response> {
  return renderPage(c, { ...contactSentPage, noindex: true });
}

export function renderContactNotSent(c: Context, message: string, problems?: string[]): Promise<Response> {
  return renderPage(c, { ...contactNotSentPage(message, problems), noindex: true });
}

/** The truth about one order for its success link; null when the spec's plain page applies. */
export function renderCheckoutStatus(c: Context, state: SuccessState, sessionId: string): Promise<Response> | null {
  const page = checkoutStatusPage(state, sessionId);
  if (!page) return null;
  return renderPage(c, { ...page, noindex: true }, state.kind === "unknown" ? 404 : 200);
}

export function renderNotFound(c: Context): Promise<Response> {
  return renderPage(c, { ...notFoundPage, path: c.req.path }, 404);
}

export function renderUnexpectedError(c: Context, requestId: string | null): Promise<Response> {
  return renderPage(c, { ...errorPageFor(requestId), path: c.req.path }, 500);
}

/** /billing, and the answers of its form: never indexed (the answer is the same for any address). */
export async function renderBilling(
  c: Context,
  view: BillingView,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  return withStatus(await renderPage(c, { ...billingPage(view), noindex: true }), status);
}

export async function renderBillingLinkProblem(
  c: Context,
  reason: "unknown" | "expired" | "used",
  status: ContentfulStatusCode,
): Promise<Response> {
  return withStatus(await renderPage(c, { ...billingLinkProblemPage(reason), noindex: true }), status);
}

export function renderBillingPortalReady(c: Context, portalUrl: string): Promise<Response> {
  return renderPage(c, { ...billingPortalReadyPage(portalUrl), noindex: true });
}

export function renderBillingOpen(c: Context, token: string): Promise<Response> {
  return renderPage(c, { ...billingOpenPage(token), noindex: true });
}

/** A quote's own page (/quote/<number>?k=…): for whoever holds the link, never indexed. */
export function renderQuote(c: Context, view: QuoteView): Promise<Response> {
  return renderPage(c, { ...quotePage(view), noindex: true });
}

/**
 * The normal 404 page for any quote link that does not open a quote. Its path is fixed, so the
 * answer is the same bytes whatever number or key was asked for: it tells nothing about either.
 */
export function renderQuoteNotFound(c: Context): Promise<Response> {
  return renderPage(c, { ...notFoundPage, path: QUOTE_PATH }, 404);
}

export async function renderQuoteTooMany(c: Context): Promise<Response> {
  return withStatus(await renderPage(c, { ...quoteTooManyPage, noindex: true }), 429);
}

/** A page answered with a 4xx/5xx of the route's choosing (renderPage itself knows 200, 404 and 500). */
function withStatus(res: Response, status: ContentfulStatusCode): Response {
  return status === res.status ? res : new Response(res.body, { status, headers: res.headers });
}
