/**
 * A person's data as one JSON document (portability): structured by what the person did with us,
 * each order with its items, payments, receipts, subscriptions, M-Pesa prompts, refunds, paybill
 * payments, M-Pesa plan and notes.
 * docs/privacy-operations.md documents every field; a change here changes EXPORT_VERSION and that
 * document together. Secrets that open documents or links (access keys, token hashes, and the keys
 * and links in stored e-mails' content) never leave.
 */

import type { DataRequestRow } from "../db/data-request-tables.ts";
import type { OrderRow } from "../db/schema.ts";
import { accountReferenceOf } from "../orders/order-reference.ts";
import { BILLING_OPEN_PATH, MPESA_CALLBACK_PREFIX, MPESA_ORDER_PATH } from "../paths.ts";
import { company } from "../site/company-copy.ts";
import { ANSWERED_BY } from "./data-request-log.ts";
import type { Person } from "./person.ts";
import { saleExport } from "./person-sale-export.ts";

const EXPORT_FORMAT = "personal-data-export";
const EXPORT_VERSION = 5;

const flag = (value: number) => value === 1;

/** What an export shows where a stored e-mail held a key, a token or a link that opens something. */
const LINK_REMOVED = "[link removed]";

/** A link written in a text: an absolute http(s) URL, or a path on this site (one slash, not two). */
const LINK = /\bhttps?:\/\/[^\s"'<>]+|(?<![\w/.:-])\/(?!\/)[^\s"'<>]+/gi;

/** Paths that are themselves the key: an M-Pesa order's waiting page, Daraja's callback, a billing link. */
const KEY_PATHS = [MPESA_ORDER_PATH.replace(":ref", ""), MPESA_CALLBACK_PREFIX, BILLING_OPEN_PATH];

/** A data field named for a secret (accessKey, token, …): its value goes whatever it holds. */
const SECRET_FIELD =
  /^(?:key|token|secret|signature|password|hash)$|(?:_|[a-z0-9])(?:Key|Token|Secret|Signature|Password|Hash)$|_(?:key|token|secret|signature|password|hash)$/;

/**
 * Whether a link opens something by what it carries: a query or a fragment (`?k=` access keys,
 * `?token=` billing links, signatures), credentials before the host, or a path that is a key.
 * Such a link is the person's own, but an export is a file that travels: it must open nothing.
 */
function opensSomething(link: string): boolean {
  const origin = link.match(/^https?:\/\/([^/?#]*)/i);
  const path = origin ? link.slice(origin[0].length) : link;
  return /[?#]/.test(link) || Boolean(origin?.[1]?.includes("@")) || KEY_PATHS.some((p) => path.startsWith(p));
}

/** The content with every key, token and key-carrying link in it replaced by LINK_REMOVED. */
function withoutSecrets(value: unknown): unknown {
  if (typeof value === "string") return value.replace(LINK, (link) => (opensSomething(link) ? LINK_REMOVED : link));
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      SECRET_FIELD.test(name) ? LINK_REMOVED : withoutSecrets(field),
    ]),
  );
}

/** The e-mail's content as it was queued, without its secrets, or null once cleared (or never readable). */
function mailContent(payload: string): unknown {
  try {
    return withoutSecrets(JSON.parse(payload));
  } catch {
    return null;
  }
}

/**
 * How an export names an order: its id, unless the id was made from the order's reference (an
 * M-Pesa or recorded order made before their ids were drawn apart), which is the key of its
 * waiting page: then the reference M-Pesa showed the buyer (ORD-…).
 */
function exportedReference(order: Pick<OrderRow, "order_id" | "order_ref" | "quote_number">): string {
  const derived = order.order_ref && order.order_id.endsWith(order.order_ref.replaceAll("-", ""));
  return derived ? accountReferenceOf(order) : order.order_id;
}

function ordersOf(person: Person) {
  const { rows } = person;
  const receiptOf = new Map(rows.receipts.map((r) => [r.payment_id, r.number]));
  const afterSale = saleExport(rows);
  return rows.orders.map((o) => ({
    reference: exportedReference(o),
    mode: o.mode,
    status: o.status,
    provider: o.provider,
    created_at: o.created_at,
    paid_at: o.paid_at,
    currency: o.currency,
    total_cents: o.total_cents,
    kes_amount: o.kes_amount,
    quote_number: o.quote_number,
    stripe_customer_id: o.stripe_customer_id,
    customer: {
      name: o.customer_name,
      email: o.customer_email,
      phone: o.customer_phone,
      company: o.customer_company,
      kra_pin: o.customer_kra_pin,
      address: o.address,
      city: o.city,
      state: o.state,
      zip: o.zip,
      country: o.country,
    },
    items: rows.items
      .filter((i) => i.order_id === o.order_id)
      .map((i) => ({
        item_id: i.item_id,
        name: i.name,
        category: i.category,
        unit_amount_cents: i.unit_amount_cents,
        quantity: i.quantity,
        recurring: flag(i.recurring),
      })),
    payments: rows.payments
      .filter((p) => p.order_id === o.order_id)
      .map((p) => ({
        payment_id: p.payment_id,
        status: p.status,
        provider: p.provider,
        amount_cents: p.amount_cents,
        currency: p.currency,
        usd_cents: p.usd_cents,
        billing_reason: p.billing_reason,
        period_start: p.period_start,
        period_end: p.period_end,
        reference: p.reference,
        paid_on: p.paid_on,
        phone: p.phone,
        created_at: p.created_at,
        receipt: receiptOf.get(p.payment_id) ?? null,
      })),
    subscriptions: rows.subscriptions
      .filter((s) => s.order_id === o.order_id)
      .map((s) => ({
        subscription_id: s.subscription_id,
        status: s.status,
        plan_id: s.plan_id,
        plan_interval: s.plan_interval,
        plan_amount_cents: s.plan_amount_cents,
        current_period_end: s.current_period_end,
        cancel_at_period_end: flag(s.cancel_at_period_end),
        canceled_at: s.canceled_at,
        created_at: s.created_at,
      })),
    mpesa_prompts: rows.prompts
      .filter((p) => p.order_id === o.order_id)
      .map((p) => ({
        checkout_request_id: p.checkout_request_id,
        phone: p.phone,
        amount_kes: p.amount_kes,
        status: p.status,
        result: p.result_desc,
        mpesa_receipt: p.mpesa_receipt,
        created_at: p.created_at,
      })),
    ...afterSale(o.order_id),
    notes: rows.notes.filter((n) => n.order_id === o.order_id).map((n) => ({ at: n.at, body: n.body })),
  }));
}

/**
 * The requests logged about the person, as this export leaves them: the open ones it answers (an
 * export answers access and portability, in the batch that records it) read as answered by it.
 */
function requestsOf(requests: readonly DataRequestRow[], generatedAt: string) {
  return requests.map((r) => {
    const answers = r.state === "open" && ANSWERED_BY.export.includes(r.kind);
    return {
      kind: r.kind,
      channel: r.channel,
      received_on: r.received_on,
      due_on: r.due_on,
      note: r.note,
      state: answers ? "answered" : r.state,
      answered_at: answers ? generatedAt : r.answered_at,
      answered_how: answers ? "export" : r.answered_how,
      answer_note: r.answer_note,
    };
  });
}

/** The export document for one person, as of `generatedAt`, with the requests logged about them. */
export function personExport(person: Person, generatedAt: string, requests: readonly DataRequestRow[]) {
  const { rows } = person;
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    generated_at: generatedAt,
    controller: { name: company.name, email: company.emails.support.display },
    mailbox: person.key,
    also_included: person.included,
    addresses: person.addresses,
    complete: !person.truncated,
    orders: ordersOf(person),
    quotes: rows.quotes.map((q) => ({
      number: q.number,
      created_at: q.created_at,
      valid_until: q.valid_until,
      accepted_at: q.accepted_at,
      accepted_order: q.accepted_order,
      currency: q.currency,
      due_cents: q.due_cents,
      monthly_cents: q.monthly_cents,
      customer: {
        name: q.customer_name,
        email: q.customer_email,
        company: q.customer_company,
        kra_pin: q.customer_kra_pin,
      },
      lines: rows.quoteLines
        .filter((l) => l.number === q.number)
        .map((l) => ({
          item_id: l.item_id,
          name: l.name,
          category: l.category,
          unit_amount_cents: l.unit_amount_cents,
          quantity: l.quantity,
          recurring: flag(l.recurring),
        })),
    })),
    messages: rows.messages.map((m) => ({
      id: m.id,
      created_at: m.created_at,
      name: m.name,
      email: m.email,
      company: m.company,
      phone: m.phone,
      message: m.message,
      answered_at: m.answered_at,
    })),
    emails: rows.emails.map((e) => ({
      id: e.id,
      kind: e.kind,
      recipient: e.recipient,
      subject: e.subject,
      status: e.status,
      created_at: e.created_at,
      sent_at: e.sent_at,
      body_cleared_at: e.body_cleared_at,
      content: e.body_cleared_at ? null : mailContent(e.payload),
    })),
    billing_links: rows.billingLinks.map((b) => ({
      email: b.email,
      created_at: b.created_at,
      expires_at: b.expires_at,
      used_at: b.used_at,
    })),
    records: rows.audit.map((a) => ({
      at: a.at,
      action: a.action,
      subject_kind: a.subject_kind,
      subject_id: a.subject_id,
      detail: a.detail,
    })),
    data_requests: requestsOf(requests, generatedAt),
  };
}

/** The counts a request's record keeps: what was found, kind by kind. */
export function foundCounts(person: Person): string {
  const r = person.rows;
  return `${r.orders.length} orders, ${r.payments.length} payments, ${r.quotes.length} quotes, ${r.messages.length} messages, ${r.emails.length} e-mails, ${r.billingLinks.length} billing links`;
}
