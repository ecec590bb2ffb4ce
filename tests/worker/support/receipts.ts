import { env, exports } from "cloudflare:workers";
import type { PaymentRow } from "../../../src/db/schema.ts";
import { formatMoney } from "../../../src/lib/money.ts";
import type { ReceiptRef } from "../../../src/receipts/issue-receipt.ts";
import { makeOrder, makePayment } from "./factories.ts";
import { SITE } from "./orders.ts";
import { testClientIp } from "./payment.ts";
import { pdfPages } from "./quotes.ts";

/** A moment in the given year, so each test numbers receipts in a year of its own. */
export const inYear = (year: number) => new Date(`${year}-06-15T09:00:00.000Z`);

/** A paid card payment for a new order; its id. */
export async function paidPayment(payment: Partial<PaymentRow> = {}): Promise<string> {
  const sessionId = await makeOrder();
  return makePayment({ order_id: sessionId, ...payment });
}

export const stored = async (number: string) => {
  const object = await env.DOCUMENTS.get(`receipts/${number}.pdf`);
  return object ? { bytes: new Uint8Array(await object.arrayBuffer()), uploaded: object.uploaded.getTime() } : null;
};

/** The text of a receipt's PDF, as a reader extracts it, with line breaks as spaces. */
export async function receiptText(ref: ReceiptRef): Promise<{ pages: string[]; text: string }> {
  const object = await stored(ref.number);
  if (!object) throw new Error(`No PDF stored for ${ref.number}`);
  const pages = await pdfPages(object.bytes);
  return { pages, text: pages.join("\n").replace(/\s+/g, " ") };
}

/** An amount as the PDF prints it (its fonts draw a no-break space as a space). */
export const money = (cents: number, currency = "usd") => formatMoney(cents, currency).replace(/\s/g, " ");

/** Opens a receipt link from a client address of its own (the link is rate limited per client). */
export function open(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(`${SITE}${path}`, {
    ...init,
    headers: { "CF-Connecting-IP": testClientIp(), ...init.headers },
  });
}
