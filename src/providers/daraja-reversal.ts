/**
 * Daraja's Transaction Reversal (docs/refunds.md): a request that M-Pesa give a C2B payment back to
 * the payer, answered at once with the request's ids and later, asynchronously, with its Result at
 * ResultURL (or at QueueTimeOutURL when it timed out in Daraja's queue). Safaricom reverses a whole
 * transaction. The initiator is an API operator of the paybill with the "Org Reversals Initiator"
 * role; its SecurityCredential is its password encrypted with Safaricom's certificate, which the
 * owner makes once on the Daraja portal and keeps as a secret.
 */
import { stringBinding } from "../http/bindings.ts";
import { MPESA_MAX_KES } from "../lib/kes.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { z } from "../lib/zod.ts";
import { isCallbackUrl, MpesaNotConfiguredError, MpesaRefusedError, readConfig } from "./daraja.ts";
import { DARAJA_REQUEST_ID } from "./daraja-callback.ts";
import { darajaFetch, describeDarajaError, MpesaProviderError } from "./daraja-http.ts";
import { accessToken, forgetToken } from "./daraja-token.ts";

const REVERSAL_PATH = "/mpesa/reversal/v1/request";
const TIMEOUT_MS = 10_000;
/** An M-Pesa transaction id (receipt), e.g. "PDU91HIVIT". */
const TRANSACTION_ID = /^[A-Z0-9]{6,20}$/;
/** Daraja's rule for Remarks and Occasion: 2 to 100 characters (printable ASCII, as its gateway takes). */
const REMARK = /^[\x20-\x7e]{2,100}$/;
/** Daraja's identifier type of the organisation receiving a reversal: a shortcode. */
const RECEIVER_IDENTIFIER_TYPE = "11";

type ReversalRequest = {
  /** The M-Pesa receipt of the payment to give back. */
  transactionId: string;
  /** Whole shillings: the payment's whole amount. */
  amountKes: number;
  resultUrl: string;
  timeoutUrl: string;
  remarks: string;
  occasion: string;
};

/** Daraja took the request: the ids its Result will name. */
type ReversalAccepted = { conversationId: string; originatorConversationId: string };

export type ReversalGateway = { reverse(request: ReversalRequest): Promise<ReversalAccepted> };

/** The initiator and its credential, beside M-Pesa's own configuration; throws MpesaNotConfiguredError. */
function readReversalConfig(env: object) {
  const config = readConfig(env);
  const initiator = stringBinding(env, "MPESA_INITIATOR_NAME")?.trim();
  const credential = stringBinding(env, "MPESA_SECURITY_CREDENTIAL")?.trim();
  if (!initiator || !credential) {
    throw new MpesaNotConfiguredError("MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL must both be set");
  }
  return { ...config, initiator, credential };
}

/** Whether reversals can be asked for (M-Pesa and the initiator configured). */
export function reversalsConfigured(env: object): boolean {
  try {
    readReversalConfig(env);
    return true;
  } catch (err) {
    if (err instanceof MpesaNotConfiguredError) return false;
    throw err;
  }
}

/** What Daraja would refuse, refused before anything is sent. */
function checkReversal(req: ReversalRequest, loopback: boolean): void {
  const refuse = (why: string) => new MpesaRefusedError(`Reversal not sent: ${why}`);
  if (!TRANSACTION_ID.test(req.transactionId)) throw refuse("the M-Pesa transaction id is not one");
  if (!Number.isSafeInteger(req.amountKes) || req.amountKes < 1 || req.amountKes > MPESA_MAX_KES) {
    throw refuse(`the amount must be whole shillings from 1 to ${MPESA_MAX_KES}`);
  }
  if (!REMARK.test(req.remarks) || !REMARK.test(req.occasion))
    throw refuse("Remarks and Occasion take 2 to 100 characters");
  if (!isCallbackUrl(req.resultUrl, loopback) || !isCallbackUrl(req.timeoutUrl, loopback)) {
    throw refuse("the result and timeout URLs must be https");
  }
}

/** Throws MpesaNotConfiguredError when reversals are not configured (see reversalsConfigured). */
export function createReversalGateway(env: object): ReversalGateway {
  const config = readReversalConfig(env);
  const now = () => new Date();
  return {
    async reverse(req) {
      checkReversal(req, config.loopback);
      const token = await accessToken(config, now, TIMEOUT_MS);
      const answer = await darajaFetch(`${config.base}${REVERSAL_PATH}`, "reversal", TIMEOUT_MS, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          Initiator: config.initiator,
          SecurityCredential: config.credential,
          CommandID: "TransactionReversal",
          TransactionID: req.transactionId,
          Amount: req.amountKes,
          ReceiverParty: config.shortcode,
          // Daraja's own spelling of the field.
          RecieverIdentifierType: RECEIVER_IDENTIFIER_TYPE,
          ResultURL: req.resultUrl,
          QueueTimeOutURL: req.timeoutUrl,
          Remarks: req.remarks,
          Occasion: req.occasion,
        }),
      });
      if (answer.status === 401) forgetToken(config, token);
      const { body } = answer;
      const refused = answer.status >= 400 && answer.status < 500 && ![401, 403, 404, 429].includes(answer.status);
      if (answer.status !== 200) {
        const message = describeDarajaError(answer, "reversal");
        throw refused ? new MpesaRefusedError(message) : new MpesaProviderError(message);
      }
      if (String(body.ResponseCode) !== "0") throw new MpesaRefusedError(describeDarajaError(answer, "reversal"));
      const { ConversationID, OriginatorConversationID } = body;
      if (!isRequestId(ConversationID) || !isRequestId(OriginatorConversationID)) {
        throw new MpesaProviderError(describeDarajaError(answer, "reversal (no usable request ids)"));
      }
      return { conversationId: ConversationID, originatorConversationId: OriginatorConversationID };
    },
  };
}

const isRequestId = (value: unknown): value is string => typeof value === "string" && DARAJA_REQUEST_ID.test(value);

/** What Daraja POSTs to ResultURL (or QueueTimeOutURL), as the site reads it. */
export type ReversalResult = {
  /** "0" for a reversal made; anything else (R000001 already reversed, R000002 unknown id, 2001…) failed. */
  resultCode: string;
  resultDesc: string;
  conversationId: string;
  originatorConversationId: string;
  /** M-Pesa's id of the reversal itself (success only). */
  transactionId: string | null;
  /** ResultParameters: the shillings reversed and the transaction they reversed (success only). */
  amount: number | null;
  originalTransactionId: string | null;
};

/**
 * `{ Result: { ResultType, ResultCode, ResultDesc, OriginatorConversationID, ConversationID,
 * TransactionID, ResultParameters: { ResultParameter: [{ Key, Value }] }, ReferenceData } }`, read
 * strictly: the URL is public and the body unsigned. Built by the first result, not at start-up.
 */
const resultShape = lazyOnce(() => {
  const id = z.string().regex(DARAJA_REQUEST_ID);
  const parameter = z.object({ Key: z.string().max(60), Value: z.union([z.string().max(300), z.number()]).optional() });
  return z.object({
    Result: z.object({
      ResultCode: z.union([z.number().int().nonnegative(), z.string().regex(/^[A-Za-z0-9.]{1,20}$/)]),
      ResultDesc: z.string().max(500),
      OriginatorConversationID: id,
      ConversationID: id,
      TransactionID: z.string().max(40).nullish(),
      ResultParameters: z.object({ ResultParameter: z.union([z.array(parameter).max(30), parameter]) }).nullish(),
    }),
  });
});

/** The result, or null when the body is not Daraja's shape. */
export function parseReversalResult(body: unknown): ReversalResult | null {
  const parsed = resultShape().safeParse(body);
  if (!parsed.success) return null;
  const result = parsed.data.Result;
  const raw = result.ResultParameters?.ResultParameter;
  const parameters = new Map((Array.isArray(raw) ? raw : raw ? [raw] : []).map((p) => [p.Key, p.Value]));
  const amount = Number(parameters.get("Amount"));
  const original = parameters.get("OriginalTransactionID");
  const transactionId = result.TransactionID?.trim();
  return {
    resultCode: String(result.ResultCode),
    resultDesc: result.ResultDesc,
    conversationId: result.ConversationID,
    originatorConversationId: result.OriginatorConversationID,
    transactionId: transactionId && TRANSACTION_ID.test(transactionId) ? transactionId : null,
    amount: Number.isFinite(amount) && amount > 0 ? amount : null,
    originalTransactionId: typeof original === "string" && TRANSACTION_ID.test(original) ? original : null,
  };
}
