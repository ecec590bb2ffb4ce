// One person with something of every kind we hold: a paid order (its item, a payment with its receipt
// and payer's phone, a finished M-Pesa prompt, an owner's note), a quote they accepted and one they
// never did (its PDF in R2), a contact message, e-mails to them and to the owner about them, and a
// billing link, each under a different way of writing the same Gmail mailbox.
import { env } from "cloudflare:workers";
import { storeQuotePdf } from "../../../src/quotes/quote-store.ts";
import { makeMail, makeMessage, makeMpesaRequest, makeOrder, makePayment, makeQuoteRow } from "./factories.ts";

export type SeededPerson = {
  local: string;
  order: string;
  payment: string;
  receipt: string;
  prompt: string;
  acceptedQuote: string;
  openQuote: string;
  message: number;
  mailToThem: number;
  mailAboutThem: number;
};

/** A Gmail mailbox of its own for each test (`local` without dots), and its rows. */
export async function seedPerson(local = `jane${crypto.randomUUID().slice(0, 8)}`): Promise<SeededPerson> {
  const dotted = `${local.slice(0, 4)}.${local.slice(4)}`;
  const tag = crypto.randomUUID().slice(0, 6);
  const order = await makeOrder({
    status: "paid",
    customer_name: "Jane Wanjiru",
    customer_email: `${dotted}+shop@GMAIL.com`,
    customer_phone: "+254 711 222 333",
    customer_company: "Wanjiru Traders",
    paid_at: "2026-03-01T10:00:00.000Z",
  });
  const payment = await makePayment({
    order_id: order,
    provider: "mpesa_express",
    phone: "254711222333",
    reference: `QK${tag}`,
  });
  const receipt = `R-2026-${tag}`;
  await env.DB.prepare("INSERT INTO receipts (number, payment_id, access_key) VALUES (?, ?, 'secret-receipt-key')")
    .bind(receipt, payment)
    .run();
  const prompt = await makeMpesaRequest({ order_id: order, status: "paid", mpesa_receipt: `QK${tag}` });
  await env.DB.prepare("INSERT INTO order_notes (order_id, actor, body) VALUES (?, 'owner@example.com', 'Called her')")
    .bind(order)
    .run();
  const acceptedQuote = `Q-2026-A${tag}`;
  const openQuote = `Q-2026-O${tag}`;
  await makeQuoteRow({
    number: acceptedQuote,
    customer_email: `${local}@gmail.com`,
    accepted_at: "2026-03-01T10:00:00.000Z",
    accepted_order: order,
  });
  await makeQuoteRow({ number: openQuote, customer_email: `${dotted}@googlemail.com`, access_key: "secret-quote-key" });
  await env.DB.prepare(
    "INSERT INTO quote_lines (number, position, item_id, name, category, unit_amount_cents, quantity, recurring) VALUES (?, 1, 's1', 'Network Assessment', 'Networking', 15000, 1, 0)",
  )
    .bind(openQuote)
    .run();
  await storeQuotePdf(env.DOCUMENTS, openQuote, new TextEncoder().encode("%PDF-1.4 open quote"));
  const message = await makeMessage({
    email: `${local.toUpperCase()}@gmail.com`,
    name: "Jane",
    message: "Please call me about <b>servers</b>",
  });
  const mailToThem = await makeMail({
    status: "sent",
    recipient: `${dotted}@gmail.com`,
    subject: "Thanks, Jane",
    payload: '{"name":"Jane"}',
  });
  const mailAboutThem = await makeMail({
    status: "sent",
    kind: "owner-contact",
    recipient: "owner@example.com",
    subject: "New message from Jane",
    message_id: message,
    payload: '{"name":"Jane","email":"x"}',
  });
  await env.DB.prepare(
    "INSERT INTO billing_links (token_hash, customer_id, email, expires_at) VALUES (?, 'cus_test', ?, '2999-01-01T00:00:00.000Z')",
  )
    .bind(`hash-${tag}`, `${local}+billing@gmail.com`)
    .run();
  return { local, order, payment, receipt, prompt, acceptedQuote, openQuote, message, mailToThem, mailAboutThem };
}
