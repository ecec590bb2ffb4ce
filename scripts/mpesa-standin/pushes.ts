// The STK pushes the stand-in accepted, how each was answered on the (test) phone, and the
// callback Safaricom would POST to the push's CallBackURL.
import { randomInt } from "node:crypto";
import { darajaRequestId, type PushFields } from "./daraja.ts";

/** The outcomes the test phone offers, with Safaricom's result codes and descriptions. */
export const OUTCOMES = {
  approve: { code: 0, desc: "The service request is processed successfully.", label: "Approve (PIN correct)" },
  cancel: { code: 1032, desc: "Request cancelled by user", label: "Cancel" },
  insufficient: { code: 1, desc: "The balance is insufficient for the transaction", label: "Insufficient balance" },
  wrong_pin: { code: 2001, desc: "The initiator information is invalid.", label: "Wrong PIN" },
  no_answer: { code: 1037, desc: "DS timeout user cannot be reached", label: "No answer (phone unreachable)" },
} as const;

export type Outcome = keyof typeof OUTCOMES;

export const isOutcome = (value: string): value is Outcome => Object.hasOwn(OUTCOMES, value);

export type Delivery = { at: string; status?: number; error?: string };

export type StoredPush = {
  checkoutRequestId: string;
  merchantRequestId: string;
  request: PushFields;
  state: "pending" | "settled";
  resultCode: number | null;
  resultDesc: string | null;
  receipt: string | null;
  /** YYYYMMDDHHmmss, Nairobi time, when the buyer answered. */
  transactionDate: string | null;
  callback: unknown;
  deliveries: Delivery[];
  createdAt: string;
};

/** Nairobi is UTC+3 all year. */
export function nairobiStamp(date: Date): string {
  return new Date(date.getTime() + 3 * 3_600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

const RECEIPT_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** An M-Pesa receipt: ten capitals and digits starting with a letter, e.g. "TKP4AB12CD". */
export function receiptNumber(): string {
  let out = RECEIPT_CHARS[randomInt(26)] ?? "T";
  for (let i = 0; i < 9; i++) out += RECEIPT_CHARS[randomInt(RECEIPT_CHARS.length)];
  return out;
}

export class PushStore {
  readonly pushes = new Map<string, StoredPush>();
  #counter = 0;

  add(request: PushFields): StoredPush {
    this.#counter += 1;
    // Daraja's form: ws_CO_ + DDMMYYYYHHmmss (Nairobi) + digits.
    const stamp = nairobiStamp(new Date());
    const ddmmyyyy = `${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}${stamp.slice(8)}`;
    const id = `ws_CO_${ddmmyyyy}${randomInt(1000, 9999)}${String(this.#counter).padStart(4, "0")}`;
    const push: StoredPush = {
      checkoutRequestId: id,
      merchantRequestId: darajaRequestId(),
      request,
      state: "pending",
      resultCode: null,
      resultDesc: null,
      receipt: null,
      transactionDate: null,
      callback: null,
      deliveries: [],
      createdAt: new Date().toISOString(),
    };
    this.pushes.set(id, push);
    return push;
  }

  /** Records the buyer's answer (once) and the callback it makes. */
  settle(push: StoredPush, resultCode: number, resultDesc?: string): unknown {
    const known = Object.values(OUTCOMES).find((o) => o.code === resultCode);
    push.state = "settled";
    push.resultCode = resultCode;
    push.resultDesc = resultDesc ?? known?.desc ?? "The transaction failed";
    push.transactionDate = nairobiStamp(new Date());
    push.receipt = resultCode === 0 ? receiptNumber() : null;
    push.callback = callbackBody(push);
    return push.callback;
  }
}

/** Safaricom's callback: CallbackMetadata only when the payment went through. */
function callbackBody(push: StoredPush): unknown {
  const stkCallback: Record<string, unknown> = {
    MerchantRequestID: push.merchantRequestId,
    CheckoutRequestID: push.checkoutRequestId,
    ResultCode: push.resultCode,
    ResultDesc: push.resultDesc,
  };
  if (push.resultCode === 0) {
    stkCallback.CallbackMetadata = {
      Item: [
        { Name: "Amount", Value: push.request.amount },
        { Name: "MpesaReceiptNumber", Value: push.receipt },
        { Name: "TransactionDate", Value: Number(push.transactionDate) },
        { Name: "PhoneNumber", Value: Number(push.request.phone) },
      ],
    };
  }
  return { Body: { stkCallback } };
}

/** POSTs the push's callback to its CallBackURL, as Safaricom does; the outcome is recorded, never thrown. */
export async function deliverCallback(push: StoredPush): Promise<Delivery> {
  const delivery: Delivery = { at: new Date().toISOString() };
  try {
    const res = await fetch(push.request.callbackUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(push.callback),
      signal: AbortSignal.timeout(10_000),
      redirect: "manual",
    });
    delivery.status = res.status;
    await res.body?.cancel();
  } catch (err) {
    delivery.error =
      err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
  }
  push.deliveries.push(delivery);
  return delivery;
}
