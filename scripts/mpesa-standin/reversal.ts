// Daraja's Transaction Reversal (POST /mpesa/reversal/v1/request): the request checked field by
// field as Daraja's guide documents it, the synchronous answer, and the asynchronous Result POSTed
// to its ResultURL (or the queue timeout to its QueueTimeOutURL): by a test control, or by itself
// after `reversalDelayMs` (npm start). Test controls (no token):
//   POST /__control/reversal {conversationId, outcome: "succeed" | "fail" | "timeout", resultCode?, resultDesc?, send?}
//   GET  /__reversals
import { randomBytes, randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson } from "../stripe-standin/http.ts";
import { DarajaError, invalid, jsonObject, MAX_AMOUNT_KES, SHORTCODE, unblockedCallbackUrl } from "./daraja.ts";
import { type Delivery, nairobiStamp, type PushStore, receiptNumber } from "./pushes.ts";

const REVERSAL_PATH = "/mpesa/reversal/v1/request";
/** Daraja's fields, its own spelling included (RecieverIdentifierType); Occasion is optional. */
const FIELDS = [
  "Initiator",
  "SecurityCredential",
  "CommandID",
  "TransactionID",
  "Amount",
  "ReceiverParty",
  "RecieverIdentifierType",
  "ResultURL",
  "QueueTimeOutURL",
  "Remarks",
  "Occasion",
];
const TRANSACTION_ID = /^[A-Z0-9]{10}$/;

export type ReversalFields = {
  initiator: string;
  transactionId: string;
  amount: number;
  receiverParty: string;
  resultUrl: string;
  timeoutUrl: string;
  remarks: string;
  occasion: string | null;
};

export type StoredReversal = {
  conversationId: string;
  originatorConversationId: string;
  request: ReversalFields;
  state: "pending" | "settled" | "timed_out";
  /** What was (or would be) POSTed, and where. */
  result: unknown;
  deliveries: Delivery[];
  createdAt: string;
};

export type ReversalOutcome = "succeed" | "fail" | "timeout";

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

function digits(body: Record<string, unknown>, field: string, pattern: RegExp): string {
  const value = body[field];
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== "string" || !pattern.test(text)) throw invalid(field);
  return text;
}

function words(body: Record<string, unknown>, field: string, min: number): string {
  const value = body[field];
  if (typeof value !== "string" || value.length < min || value.length > 100 || !/^[\x20-\x7e]*$/.test(value)) {
    throw invalid(field);
  }
  return value;
}

/** The reversal's fields, each as Daraja documents it. */
export function readReversal(body: Record<string, unknown>): ReversalFields {
  const unknown = Object.keys(body).find((key) => !FIELDS.includes(key));
  if (unknown) throw new DarajaError(400, "400.002.02", `Bad Request - Unknown field ${unknown.slice(0, 40)}`);
  const initiator = words(body, "Initiator", 1);
  const credential = body.SecurityCredential;
  if (typeof credential !== "string" || credential.length < 8 || !/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) {
    throw invalid("SecurityCredential");
  }
  if (body.CommandID !== "TransactionReversal") throw invalid("CommandID");
  const id = body.TransactionID;
  if (typeof id !== "string" || !TRANSACTION_ID.test(id)) throw invalid("TransactionID");
  const amount = Number(digits(body, "Amount", /^\d{1,9}$/));
  if (amount < 1 || amount > MAX_AMOUNT_KES) throw invalid("Amount");
  const receiverParty = digits(body, "ReceiverParty", SHORTCODE);
  if (digits(body, "RecieverIdentifierType", /^\d+$/) !== "11") throw invalid("RecieverIdentifierType");
  return {
    initiator,
    transactionId: id,
    amount,
    receiverParty,
    resultUrl: unblockedCallbackUrl(body.ResultURL, "ResultURL"),
    timeoutUrl: unblockedCallbackUrl(body.QueueTimeOutURL, "QueueTimeOutURL"),
    remarks: words(body, "Remarks", 2),
    occasion: body.Occasion === undefined ? null : words(body, "Occasion", 0),
  };
}

/** The reversals one stand-in took, and what it already reversed (a second reversal of one fails). */
export class ReversalStore {
  readonly reversals = new Map<string, StoredReversal>();
  readonly reversed = new Set<string>();
  readonly #timers = new Set<NodeJS.Timeout>();

  add(request: ReversalFields): StoredReversal {
    const day = nairobiStamp(new Date()).slice(0, 8);
    const reversal: StoredReversal = {
      conversationId: `AG_${day}_${hex(10)}`,
      originatorConversationId: `${hex(2)}-${hex(2)}-${hex(2)}-${hex(6)}${randomInt(1_000_000, 9_999_999)}`,
      request,
      state: "pending",
      result: null,
      deliveries: [],
      createdAt: new Date().toISOString(),
    };
    this.reversals.set(reversal.conversationId, reversal);
    return reversal;
  }

  later(ms: number, run: () => Promise<unknown>): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      run().catch((err: unknown) => console.error("M-Pesa stand-in: a reversal result failed:", err));
    }, ms);
    this.#timers.add(timer);
  }

  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}

/** The Result (or timeout) Daraja would POST for this outcome, and where it goes. */
function settle(
  store: ReversalStore,
  pushes: PushStore,
  reversal: StoredReversal,
  outcome: ReversalOutcome,
  code?: string,
  desc?: string,
): { url: string; body: unknown } {
  const { request } = reversal;
  const ids = { OriginatorConversationID: reversal.originatorConversationId, ConversationID: reversal.conversationId };
  if (outcome === "timeout") {
    reversal.state = "timed_out";
    // Daraja does not document this body; the stand-in sends the Result's shape, ResultType 1.
    reversal.result = {
      Result: {
        ResultType: 1,
        ResultCode: 1,
        ResultDesc: "The request timed out in the queue",
        ...ids,
        TransactionID: "",
      },
    };
    return { url: request.timeoutUrl, body: reversal.result };
  }
  reversal.state = "settled";
  const push = [...pushes.pushes.values()].find((p) => p.receipt === request.transactionId);
  const twice = store.reversed.has(request.transactionId);
  const wrongAmount = push !== undefined && push.request.amount !== request.amount;
  const failed = outcome === "fail" || twice || wrongAmount;
  const [resultCode, resultDesc] = twice
    ? ["R000001", "The transaction has already been reversed"]
    : wrongAmount
      ? ["R000002", "The OriginalTransactionID is invalid."]
      : [code ?? "R000002", desc ?? "The OriginalTransactionID is invalid."];
  const result: Record<string, unknown> = failed
    ? { ResultType: 0, ResultCode: resultCode, ResultDesc: resultDesc, ...ids, TransactionID: receiptNumber() }
    : {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        ...ids,
        TransactionID: receiptNumber(),
        ResultParameters: {
          ResultParameter: [
            { Key: "DebitAccountBalance", Value: "Utility Account|KES|1000000.00|1000000.00|0.00|0.00" },
            { Key: "Amount", Value: request.amount },
            { Key: "TransCompletedTime", Value: Number(nairobiStamp(new Date())) },
            { Key: "OriginalTransactionID", Value: request.transactionId },
            { Key: "Charge", Value: 0 },
            { Key: "CreditPartyPublicName", Value: `${push?.request.phone ?? "254700000000"} - Test Buyer` },
            { Key: "DebitPartyPublicName", Value: `${request.receiverParty} - Stand-in paybill` },
          ],
        },
      };
  if (!failed) store.reversed.add(request.transactionId);
  result.ReferenceData = { ReferenceItem: { Key: "QueueTimeoutURL", Value: request.timeoutUrl } };
  reversal.result = { Result: result };
  return { url: request.resultUrl, body: reversal.result };
}

/** POSTs Daraja's answer, as Safaricom does; the outcome is recorded, never thrown. */
async function deliver(reversal: StoredReversal, url: string, body: unknown): Promise<Delivery> {
  const delivery: Delivery = { at: new Date().toISOString() };
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
      redirect: "manual",
    });
    delivery.status = res.status;
    await res.body?.cancel();
  } catch (err) {
    delivery.error =
      err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
  }
  reversal.deliveries.push(delivery);
  return delivery;
}

/**
 * Daraja's answer to a reversal request (its token checked by `authenticate`); null when the path is
 * not the reversal's. With `delayMs`, the Result follows by itself: the reversal succeeds.
 */
export function reversalDarajaRoute(
  store: ReversalStore,
  pushes: PushStore,
  delayMs: number | null | undefined,
  call: { method: string; path: string; text: string; authenticate: () => void },
): { status: number; body: unknown } | null {
  if (call.path !== REVERSAL_PATH || call.method !== "POST") return null;
  call.authenticate();
  const reversal = store.add(readReversal(jsonObject(call.text)));
  if (typeof delayMs === "number") {
    store.later(delayMs, async () => {
      if (reversal.state !== "pending") return;
      const { url, body } = settle(store, pushes, reversal, "succeed");
      await deliver(reversal, url, body);
    });
  }
  return {
    status: 200,
    body: {
      OriginatorConversationID: reversal.originatorConversationId,
      ConversationID: reversal.conversationId,
      ResponseCode: "0",
      ResponseDescription: "Accept the service request successfully.",
    },
  };
}

/** The controls above; false when the path is none of them. */
export async function reversalControlRoute(
  store: ReversalStore,
  pushes: PushStore,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  if (req.method === "GET" && url.pathname === "/__reversals") {
    sendJson(res, 200, [...store.reversals.values()]);
    return true;
  }
  if (req.method !== "POST" || url.pathname !== "/__control/reversal") return false;
  let params: Record<string, unknown>;
  try {
    params = JSON.parse((await readBody(req)) || "{}");
  } catch {
    sendJson(res, 400, { error: "The body is not JSON." });
    return true;
  }
  const reversal = typeof params.conversationId === "string" ? store.reversals.get(params.conversationId) : undefined;
  const outcome = params.outcome ?? "succeed";
  if (!reversal) sendJson(res, 404, { error: `No reversal ${String(params.conversationId)}` });
  else if (outcome !== "succeed" && outcome !== "fail" && outcome !== "timeout") {
    sendJson(res, 400, { error: "outcome must be succeed, fail or timeout." });
  } else if (reversal.state !== "pending") sendJson(res, 409, { error: "That reversal was already answered." });
  else {
    const code = typeof params.resultCode === "string" ? params.resultCode : undefined;
    const desc = typeof params.resultDesc === "string" ? params.resultDesc : undefined;
    const { url: to, body } = settle(store, pushes, reversal, outcome, code, desc);
    const delivery = params.send === false ? null : await deliver(reversal, to, body);
    sendJson(res, 200, { url: to, body, delivery, reversal });
  }
  return true;
}
