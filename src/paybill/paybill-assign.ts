/**
 * The owner assigns a kept paybill payment to the quote or order it pays, in one step (docs/
 * paybill.md): settled exactly as a confirmation that had named it, in one batch with the audit row
 * (subject 'payment', the TransID). The owner may name what a buyer could not: an expired quote, a
 * paid order (a further payment, flagged as excess), an order by its id.
 *
 * Refused, with nothing written, when the payment is no longer unmatched (two tabs, a double
 * click: the audit row's guard decides inside the batch), when what was typed names nothing
 * payable, or when the quote was taken by another payment at the same moment.
 */
import type { C2bPaymentRow } from "../db/c2b-tables.ts";
import type { WorkContext } from "../http/work-context.ts";
import { formatMoney } from "../lib/money.ts";
import { paymentByReference } from "../payments/ledger.ts";
import type { C2bPayment } from "./c2b-body-schema.ts";
import { c2bRow } from "./paybill-queries.ts";
import { settleTarget } from "./paybill-settle.ts";
import { findTarget, type UnmatchedReason } from "./paybill-targets.ts";

/** What the form posts: the payment's TransID and what the owner typed. */
const TRANS_ID = /^[A-Za-z0-9]{6,32}$/;
const TARGET_MAX = 300;

export type AssignResult =
  | { ok: true; transId: string; orderId: string }
  | { ok: false; reason: "not_found" | "invalid" | "concurrent" }
  | { ok: false; reason: "taken" | "recorded"; transId: string }
  | { ok: false; reason: "target"; typed: string; why: UnmatchedReason };

/** The payment as Safaricom described it, from its kept row. */
const paymentOfRow = (row: C2bPaymentRow): C2bPayment => ({
  transId: row.trans_id,
  transType: row.trans_type,
  amountCents: row.amount_cents,
  shortCode: row.short_code,
  billRef: row.bill_ref,
  msisdn: row.msisdn,
  payerName: row.payer_name,
  transTime: row.trans_time,
  orgAccountBalance: row.org_account_balance ?? "",
  thirdPartyTransId: row.third_party_trans_id ?? "",
});

/** Assigns the kept payment `fields.trans_id` to what `fields.target` names; see the module's comment. */
export async function assignC2bPayment(
  context: WorkContext,
  fields: Record<string, string>,
  actor: string,
): Promise<AssignResult> {
  const { env } = context;
  const transId = (fields.trans_id ?? "").trim().toUpperCase();
  const typed = (fields.target ?? "").trim();
  if (!TRANS_ID.test(transId)) return { ok: false, reason: "not_found" };
  if (!typed || typed.length > TARGET_MAX) return { ok: false, reason: "invalid" };
  const row = await c2bRow(env.DB, transId);
  if (!row) return { ok: false, reason: "not_found" };
  if (row.status !== "unmatched") return { ok: false, reason: "taken", transId };
  if (await paymentByReference(env.DB, transId)) return { ok: false, reason: "recorded", transId };
  const found = await findTarget(env, typed, "owner");
  if (!found.ok) return { ok: false, reason: "target", typed, why: found.reason };
  const payment = paymentOfRow(row);
  const assigning = {
    actor,
    at: new Date().toISOString(),
    detail: `${formatMoney(row.amount_cents, "kes")} to ${typed.slice(0, 60)}`,
  };
  try {
    const settled = await settleTarget(context, payment, found.target, { kind: "assignment", assigning });
    return { ok: true, transId, orderId: settled.orderId };
  } catch (error) {
    const now = await c2bRow(env.DB, transId);
    if (now && now.status !== "unmatched") return { ok: false, reason: "taken", transId };
    if (await paymentByReference(env.DB, transId)) return { ok: false, reason: "recorded", transId };
    if (found.target.kind === "new-quote-order") return { ok: false, reason: "concurrent" };
    // The plan did not take it (billing/mpesa-plan-payments.ts): it is back with the owner, unmatched.
    if (found.target.kind === "subscription") return { ok: false, reason: "target", typed, why: "failed" };
    throw error;
  }
}
