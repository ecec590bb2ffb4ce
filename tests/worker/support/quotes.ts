import { env, exports } from "cloudflare:workers";
import { extractText, getDocumentProxy } from "unpdf";
import type { Quote } from "../../../src/quotes/quote-numbers.ts";
import { jsonRequest, testClientIp } from "./payment.ts";

export const QUOTE_URL = "http://example.com/quote";

/** A quote request's customer with an e-mail of its own (tests find their own outbox rows by it). */
export function quoteCustomer(overrides: Partial<{ name: string; email: string; company: string }> = {}) {
  return {
    name: "Amina Otieno",
    email: `quote-${crypto.randomUUID()}@example.com`,
    company: "Otieno Logistics",
    ...overrides,
  };
}

/** POST /quote as the site's islands send it (JSON, same origin, a client address of its own). */
export function postQuote(body: unknown, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(QUOTE_URL, jsonRequest(QUOTE_URL, body, init));
}

/** POST /quote as the plain form of /custom-quote sends it without JavaScript. */
export function postQuoteForm(fields: [string, string][], headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(QUOTE_URL, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://example.com",
      "Sec-Fetch-Site": "same-origin",
      "CF-Connecting-IP": testClientIp(),
      ...headers,
    },
  });
}

/** The text of every page of a PDF, as a PDF reader extracts it (pdf.js, through unpdf). */
export async function pdfPages(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  // A reader may hand back a letter with its accent as two code points (i + U+0323): the same text.
  return text.map((page) => page.normalize("NFC"));
}

/** The stored quote a response names (X-Quote-Number). */
export async function storedQuote(res: Response): Promise<Quote> {
  const number = res.headers.get("X-Quote-Number");
  const { getQuote } = await import("../../../src/quotes/quote-numbers.ts");
  const quote = number ? await getQuote(env.DB, number) : null;
  if (!quote) throw new Error(`No stored quote for ${number}`);
  return quote;
}
