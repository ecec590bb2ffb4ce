import type { Context } from "hono";
import type { SuccessState } from "../orders/success-status.ts";
import { checkoutStatusPage } from "../pages/checkout-status.tsx";
import { contactNotSentPage, contactSentPage } from "../pages/contact-sent.tsx";
import { errorPageFor } from "../pages/error.tsx";
import { pages } from "../pages/index.ts";
import { notFoundPage } from "../pages/not-found.tsx";
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
