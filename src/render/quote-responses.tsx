import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { quoteNotMadePage } from "../pages/quote-not-made.tsx";
import { renderPage } from "./page-response.tsx";

/** The plain quote form's refusal, as a page with the refusal's own status. */
export async function renderQuoteNotMade(c: Context, reason: string, status: ContentfulStatusCode): Promise<Response> {
  const page = await renderPage(c, { ...quoteNotMadePage(reason), noindex: true });
  const headers = new Headers(page.headers);
  headers.set("Cache-Control", "no-store");
  return new Response(page.body, { status, headers });
}
