import { type Context, Hono } from "hono";
import { requireOwner } from "../admin/admin-auth.ts";
import { ADMIN_PRIVATE_HEADERS } from "../admin/admin-identity.ts";
import type { ReceiptRow } from "../db/document-tables.ts";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import { ADMIN_RECEIPT_PATH, RECEIPT_PATH } from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { notFoundPage } from "../site/not-found-page.tsx";
import { receiptPdf } from "./issue-receipt.ts";
import { findReceipt, findReceiptByKey } from "./receipt-access.ts";
import { receiptDocument as words } from "./receipt-document-copy.ts";

/**
 * Every answer of a receipt link: the key is in the URL, so it is never cached, never indexed, and
 * never named in a Referer to another page or site.
 */
const PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
} as const;

/** How soon to look again while KRA registers the sale: the sender runs within seconds, the sweep every 5 minutes. */
const AWAITING_KRA_RETRY_SECONDS = 60;

/** The receipt's PDF, shown in the browser (inline), saved as receipt-<number>.pdf. */
async function pdfResponse(c: Context<AppEnv>, receipt: ReceiptRow, headers: Record<string, string>) {
  const pdf = await receiptPdf(workContextOf(c), receipt);
  if (!pdf) {
    // KRA has not registered the sale yet: the link serves the tax invoice once it has.
    return c.text(words.awaitingKra, 503, { ...headers, "Retry-After": String(AWAITING_KRA_RETRY_SECONDS) });
  }
  return new Response(pdf, {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${words.filename(receipt.number)}"`,
    },
  });
}

/**
 * GET /receipt/<number>?k=<access key>: a payment's receipt, for whoever holds the link its e-mail
 * carries. A wrong or missing key, an unknown number and a malformed one all get the same 404 page,
 * so the link's holder learns nothing about which receipts exist. Rate limited per client
 * (QUOTE_VIEW_LIMITER, the budget of the quote links). A receipt whose first drawing failed is
 * drawn now. GET /admin/receipts/<number>: the owner's copy, the same bytes, behind sign-in.
 */
export function receiptRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.get(RECEIPT_PATH, async (c) => {
    if (await isOverLimit(c, (env) => env.QUOTE_VIEW_LIMITER)) {
      const headers = { ...PRIVATE_HEADERS, "Retry-After": String(RETRY_AFTER_SECONDS) };
      return c.text(words.tooMany, 429, headers);
    }
    const receipt = await findReceiptByKey(c.env.DB, c.req.param("number"), c.req.query("k"));
    if (!receipt) {
      // The normal 404 page at a fixed path: the same bytes whatever number or key was asked for.
      const path = RECEIPT_PATH.replace("/:number", "");
      return renderPage(c, { ...notFoundPage, path }, { status: 404, headers: PRIVATE_HEADERS });
    }
    return pdfResponse(c, receipt, PRIVATE_HEADERS);
  });

  app.get(ADMIN_RECEIPT_PATH, requireOwner(), async (c) => {
    const receipt = await findReceipt(c.env.DB, c.req.param("number"));
    if (!receipt) return c.notFound();
    return pdfResponse(c, receipt, ADMIN_PRIVATE_HEADERS);
  });

  return app;
}
