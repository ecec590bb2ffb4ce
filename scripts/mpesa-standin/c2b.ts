// C2B (paybill) as Safaricom runs it: the URLs a shortcode registered (Register URL, v1 or v2), and
// each customer payment's validation and confirmation, POSTed with Safaricom's body. Version 2
// registrations get the payer's number masked ("2547 ***** 126"), version 1 a SHA-256 of it, as
// Daraja's C2B guide says. When the validation cannot be reached or answers late, the registered
// ResponseType decides: "Completed" confirms the payment, "Cancelled" cancels it.
import { createHash, randomInt } from "node:crypto";
import { nairobiStamp } from "./pushes.ts";

export type C2bRegistration = {
  shortCode: string;
  responseType: "Completed" | "Cancelled";
  confirmationUrl: string;
  validationUrl: string;
  /** "v1" (hashed MSISDN) or "v2" (masked MSISDN): the Register URL path used. */
  version: "v1" | "v2";
  registeredAt: string;
};

export type C2bDelivery = { url: string; at: string; status?: number; answer?: unknown; error?: string };

export type C2bTransaction = {
  transId: string;
  shortCode: string;
  amount: number;
  account: string;
  phone: string;
  /**
   * created: its bodies made, nothing sent (send: false); confirmed: the payment went through;
   * cancelled: the validation refused it (or did not answer, with ResponseType "Cancelled").
   */
  state: "created" | "confirmed" | "cancelled";
  validation: { url: string; body: Record<string, string> } | null;
  confirmation: { url: string; body: Record<string, string> } | null;
  deliveries: C2bDelivery[];
  createdAt: string;
};

export type C2bPayer = { phone: string; firstName: string; middleName: string; lastName: string };

/** What Safaricom shows of the payer's number: "2547 ***** 126" (v2), or its SHA-256 in hex (v1). */
export function payerNumber(phone: string, version: "v1" | "v2"): string {
  if (version === "v1") return createHash("sha256").update(phone).digest("hex");
  return `${phone.slice(0, 4)} ***** ${phone.slice(-3)}`;
}

const RECEIPT_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** An M-Pesa transaction id: ten capitals and digits starting with a letter, e.g. "RKL51ZDR4F". */
function transactionId(): string {
  let out = RECEIPT_CHARS[randomInt(26)] ?? "R";
  for (let i = 0; i < 9; i++) out += RECEIPT_CHARS[randomInt(RECEIPT_CHARS.length)];
  return out;
}

export class C2bStore {
  readonly registrations = new Map<string, C2bRegistration>();
  readonly transactions = new Map<string, C2bTransaction>();
  /** The paybill's utility account, per shortcode, in whole shillings: OrgAccountBalance after each payment. */
  readonly #balances = new Map<string, number>();

  /** Safaricom's body for a payment: OrgAccountBalance blank for the validation (the confirmation has the new balance). */
  create(registration: C2bRegistration, amount: number, account: string, payer: C2bPayer): C2bTransaction {
    const transId = transactionId();
    const body = {
      TransactionType: "Pay Bill",
      TransID: transId,
      TransTime: nairobiStamp(new Date()),
      TransAmount: `${amount}.00`,
      BusinessShortCode: registration.shortCode,
      BillRefNumber: account,
      InvoiceNumber: "",
      OrgAccountBalance: "",
      ThirdPartyTransID: "",
      MSISDN: payerNumber(payer.phone, registration.version),
      FirstName: payer.firstName,
      MiddleName: payer.middleName,
      LastName: payer.lastName,
    };
    const transaction: C2bTransaction = {
      transId,
      shortCode: registration.shortCode,
      amount,
      account,
      phone: payer.phone,
      state: "created",
      validation: { url: registration.validationUrl, body },
      confirmation: null,
      deliveries: [],
      createdAt: new Date().toISOString(),
    };
    this.transactions.set(transId, transaction);
    return transaction;
  }

  /** The payment completes: the balance grows, and the confirmation's body carries it and the validation's ThirdPartyTransID. */
  complete(transaction: C2bTransaction, registration: C2bRegistration, thirdPartyTransId: string): void {
    const balance = (this.#balances.get(transaction.shortCode) ?? 0) + transaction.amount;
    this.#balances.set(transaction.shortCode, balance);
    const body = {
      ...(transaction.validation?.body ?? {}),
      OrgAccountBalance: `${balance}.00`,
      ThirdPartyTransID: thirdPartyTransId,
    };
    transaction.confirmation = { url: registration.confirmationUrl, body };
  }
}

/** POSTs one C2B body, as Safaricom does; the outcome is recorded, never thrown. */
export async function deliverC2b(
  transaction: C2bTransaction,
  call: { url: string; body: Record<string, string> },
  timeoutMs: number,
): Promise<C2bDelivery> {
  const delivery: C2bDelivery = { url: call.url, at: new Date().toISOString() };
  try {
    const res = await fetch(call.url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    delivery.status = res.status;
    const text = await res.text();
    try {
      delivery.answer = JSON.parse(text);
    } catch {
      delivery.answer = text.slice(0, 200);
    }
  } catch (err) {
    delivery.error =
      err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
  }
  transaction.deliveries.push(delivery);
  return delivery;
}

/** Whether a validation answer accepts the payment: HTTP 200 with ResultCode "0" (or 0). */
export function validationAccepts(delivery: C2bDelivery): boolean | null {
  if (delivery.status === undefined || delivery.status !== 200) return null;
  const answer = delivery.answer as { ResultCode?: unknown } | undefined;
  if (typeof answer !== "object" || answer === null || answer.ResultCode === undefined) return null;
  return String(answer.ResultCode) === "0";
}

/**
 * A payment of `amount` shillings to the registration's paybill with the account typed: validated
 * (unless `validate` is false, as for a shortcode without External Validation), then confirmed or
 * cancelled. No answer in time, or none Daraja can read: the registered ResponseType decides.
 */
export async function payPaybill(
  store: C2bStore,
  registration: C2bRegistration,
  payment: { amount: number; account: string; payer: C2bPayer; validate: boolean; timeoutMs: number },
): Promise<C2bTransaction> {
  const transaction = store.create(registration, payment.amount, payment.account, payment.payer);
  let thirdParty = "";
  if (payment.validate && transaction.validation) {
    const delivery = await deliverC2b(transaction, transaction.validation, payment.timeoutMs);
    const accepted = validationAccepts(delivery) ?? registration.responseType === "Completed";
    if (!accepted) {
      transaction.state = "cancelled";
      return transaction;
    }
    const answer = delivery.answer as { ThirdPartyTransID?: unknown } | undefined;
    thirdParty = typeof answer?.ThirdPartyTransID === "string" ? answer.ThirdPartyTransID : "";
  }
  store.complete(transaction, registration, thirdParty);
  transaction.state = "confirmed";
  if (transaction.confirmation) await deliverC2b(transaction, transaction.confirmation, payment.timeoutMs);
  return transaction;
}
