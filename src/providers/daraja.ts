// M-Pesa Express (Lipa na M-Pesa Online) through Safaricom's Daraja API: an access token from
// OAuth (mpesa-token.ts), then an STK push (the buyer's phone asks for their PIN) and STK queries
// for its outcome, which also arrives by callback (mpesa-callback.ts).
import { stringBinding } from "../http/bindings.ts";
import { isLoopbackUrl, loopbackApiBase } from "../http/loopback.ts";
import { nairobiStamp } from "../lib/dates.ts";
import { MPESA_MAX_KES } from "../lib/kes.ts";
import { DARAJA_REQUEST_ID } from "./daraja-callback.ts";
import {
  base64Text,
  type DarajaAnswer,
  darajaErrorCode,
  darajaFetch,
  describeDarajaError,
  MpesaNotConfiguredError,
  MpesaProviderError,
  MpesaRefusedError,
} from "./daraja-http.ts";
import { accessToken, forgetToken } from "./daraja-token.ts";

export { parseStkCallback, type StkCallback } from "./daraja-callback.ts";
export { MpesaNotConfiguredError, MpesaProviderError, MpesaRefusedError };

const DARAJA_BASES: Record<string, string> = {
  sandbox: "https://sandbox.safaricom.co.ke",
  production: "https://api.safaricom.co.ke",
};

/** Daraja answers in about a second; past 10 s the buyer is better told to try again. */
const MPESA_TIMEOUT_MS = 10_000;
/** Daraja's documented limits: AccountReference ≤ 12 characters, TransactionDesc ≤ 13. */
const ACCOUNT_REFERENCE_MAX = 12;
const TRANSACTION_DESC_MAX = 13;
const PHONE = /^254[17]\d{8}$/;
/** Printable ASCII: what a phone's prompt shows as it is. */
const PROMPT_TEXT = /^[\x20-\x7e]+$/;
/** Daraja's answers while the buyer has not answered: an error 500.001.1001, or (newer) ResultCode 4999. */
const PENDING_ERROR = "500.001.1001";
const PENDING_RESULT = 4999;

export type StkPushRequest = {
  /** Whole shillings, 1 to MPESA_MAX_KES. */
  amountKes: number;
  /** 2547XXXXXXXX or 2541XXXXXXXX. */
  phone: string;
  /** Shown on the buyer's prompt; at most 12 characters. */
  accountReference: string;
  /** At most 13 characters. */
  description: string;
  /** https (http only on loopback, with MPESA_API_BASE set). */
  callbackUrl: string;
};
type StkPushAccepted = { merchantRequestId: string; checkoutRequestId: string; customerMessage: string };
type StkQueryResult = { state: "pending" } | { state: "done"; resultCode: number; resultDesc: string };
export type MpesaGateway = {
  stkPush(req: StkPushRequest): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
};
export type MpesaGatewayOptions = { now?: () => Date; timeoutMs?: number };

export type MpesaConfig = {
  base: string;
  loopback: boolean;
  key: string;
  secret: string;
  shortcode: string;
  passkey: string;
};

const notConfigured = (message: string) => new MpesaNotConfiguredError(message);

/** The configuration from the bindings (read at run time, see stringBinding); throws MpesaNotConfiguredError. */
export function readConfig(env: object): MpesaConfig {
  const key = stringBinding(env, "MPESA_CONSUMER_KEY")?.trim();
  const secret = stringBinding(env, "MPESA_CONSUMER_SECRET")?.trim();
  const shortcode = stringBinding(env, "MPESA_SHORTCODE")?.trim();
  const passkey = stringBinding(env, "MPESA_PASSKEY")?.trim();
  if (!key || !secret || !shortcode || !passkey) {
    throw notConfigured("MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORTCODE and MPESA_PASSKEY must all be set");
  }
  if (!/^\d{5,7}$/.test(shortcode)) throw notConfigured("MPESA_SHORTCODE must be a 5 to 7 digit shortcode");
  const mode = stringBinding(env, "MPESA_ENV")?.trim() ?? "sandbox";
  const official = DARAJA_BASES[mode];
  if (!official) throw notConfigured("MPESA_ENV must be sandbox or production");
  const override = loopbackApiBase(stringBinding(env, "MPESA_API_BASE"), "MPESA_API_BASE", notConfigured);
  const base = override ? override.href.replace(/\/+$/, "") : official;
  return { base, loopback: override !== null, key, secret, shortcode, passkey };
}

export function mpesaConfigured(env: Env): boolean {
  try {
    readConfig(env);
    return true;
  } catch (err) {
    if (err instanceof MpesaNotConfiguredError) return false;
    throw err;
  }
}

/** The stand-in's test phone prompt for a push, when MPESA_API_BASE names one on loopback; else null. */
export function mpesaStandinPromptUrl(env: Env, checkoutRequestId: string): string | null {
  let url: URL | null;
  try {
    url = loopbackApiBase(stringBinding(env, "MPESA_API_BASE"), "MPESA_API_BASE", notConfigured);
  } catch {
    return null;
  }
  if (!url) return null;
  return `${url.href.replace(/\/+$/, "")}/__prompt/${encodeURIComponent(checkoutRequestId)}`;
}

/** Throws MpesaNotConfiguredError when M-Pesa is not configured (see mpesaConfigured). */
export function createMpesaGateway(env: Env, options: MpesaGatewayOptions = {}): MpesaGateway {
  const config = readConfig(env);
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? MPESA_TIMEOUT_MS;

  /** A Daraja call with a (cached) token: its answer, or MpesaProviderError / MpesaRefusedError. */
  async function call(path: string, what: string, body: Record<string, unknown>): Promise<DarajaAnswer> {
    const token = await accessToken(config, now, timeoutMs);
    const answer = await darajaFetch(`${config.base}${path}`, what, timeoutMs, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    // Daraja no longer takes this token (revoked, or its clock differs from ours): fetch a new one next time.
    if (answer.status === 401) forgetToken(config, token);
    return answer;
  }

  function credentials(): { BusinessShortCode: string; Password: string; Timestamp: string } {
    const timestamp = darajaTimestamp(now());
    const password = base64Text(`${config.shortcode}${config.passkey}${timestamp}`);
    return { BusinessShortCode: config.shortcode, Password: password, Timestamp: timestamp };
  }

  return {
    async stkPush(req) {
      checkPush(req, config.loopback);
      const answer = await call("/mpesa/stkpush/v1/processrequest", "STK push", {
        ...credentials(),
        TransactionType: "CustomerPayBillOnline",
        Amount: req.amountKes,
        PartyA: req.phone,
        PartyB: config.shortcode,
        PhoneNumber: req.phone,
        CallBackURL: req.callbackUrl,
        AccountReference: req.accountReference,
        TransactionDesc: req.description,
      });
      const { body } = answer;
      if (answer.status !== 200) throw failure(answer, "STK push");
      if (String(body.ResponseCode) !== "0") throw new MpesaRefusedError(describeDarajaError(answer, "STK push"));
      const { MerchantRequestID, CheckoutRequestID, CustomerMessage } = body;
      // Ids the callback parser would refuse would leave the payment unmatched: refuse them here.
      if (!isRequestId(MerchantRequestID) || !isRequestId(CheckoutRequestID)) {
        throw new MpesaProviderError(describeDarajaError(answer, "STK push (no usable request ids)"));
      }
      return {
        merchantRequestId: MerchantRequestID,
        checkoutRequestId: CheckoutRequestID,
        customerMessage: typeof CustomerMessage === "string" ? CustomerMessage : "",
      };
    },

    async stkQuery(checkoutRequestId) {
      if (!isRequestId(checkoutRequestId)) {
        throw new MpesaRefusedError("STK query not sent: the CheckoutRequestID is empty or malformed");
      }
      const answer = await call("/mpesa/stkpushquery/v1/query", "STK query", {
        ...credentials(),
        CheckoutRequestID: checkoutRequestId,
      });
      const { body } = answer;
      if (answer.status !== 200) {
        const pending = darajaErrorCode(answer) === PENDING_ERROR && /being processed/i.test(String(body.errorMessage));
        if (pending) return { state: "pending" };
        throw failure(answer, "STK query");
      }
      const code = typeof body.ResultCode === "string" ? Number(body.ResultCode.trim() || Number.NaN) : body.ResultCode;
      if (typeof code !== "number" || !Number.isSafeInteger(code)) {
        throw new MpesaProviderError(describeDarajaError(answer, "STK query (no ResultCode)"));
      }
      if (code === PENDING_RESULT) return { state: "pending" };
      return {
        state: "done",
        resultCode: code,
        resultDesc: typeof body.ResultDesc === "string" ? body.ResultDesc : "",
      };
    },
  };
}

const isRequestId = (value: unknown): value is string => typeof value === "string" && DARAJA_REQUEST_ID.test(value);

/** 4xx about the request (not our credentials, not a rate limit) is a refusal; anything else a provider failure. */
function failure(answer: DarajaAnswer, what: string): MpesaProviderError {
  const message = describeDarajaError(answer, what);
  const refused = answer.status >= 400 && answer.status < 500 && ![401, 403, 404, 429].includes(answer.status);
  return refused ? new MpesaRefusedError(message) : new MpesaProviderError(message);
}

/** Daraja's limits, checked before anything is sent: a request it would refuse is refused here. */
function checkPush(req: StkPushRequest, loopback: boolean): void {
  const refuse = (why: string) => new MpesaRefusedError(`STK push not sent: ${why}`);
  if (!Number.isSafeInteger(req.amountKes) || req.amountKes < 1 || req.amountKes > MPESA_MAX_KES) {
    throw refuse(`the amount must be whole shillings from 1 to ${MPESA_MAX_KES}`);
  }
  if (!PHONE.test(req.phone)) throw refuse("the phone must be 2547XXXXXXXX or 2541XXXXXXXX");
  if (req.accountReference.length > ACCOUNT_REFERENCE_MAX || !PROMPT_TEXT.test(req.accountReference)) {
    throw refuse(`the account reference must be 1 to ${ACCOUNT_REFERENCE_MAX} printable ASCII characters`);
  }
  if (req.description.length > TRANSACTION_DESC_MAX || !PROMPT_TEXT.test(req.description)) {
    throw refuse(`the description must be 1 to ${TRANSACTION_DESC_MAX} printable ASCII characters`);
  }
  if (!isCallbackUrl(req.callbackUrl, loopback)) throw refuse("the callback URL must be https");
}

/**
 * Whether Daraja may be given this address to call back: https only, as Safaricom calls; plain http
 * is for the local stand-in (MPESA_API_BASE on loopback) calling this machine.
 */
export function isCallbackUrl(text: string, loopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === "https:" || (loopback && url.protocol === "http:" && isLoopbackUrl(url));
}

/** YYYYMMDDHHmmss in Nairobi time, as Daraja wants the Timestamp (and the Password built on it). */
const darajaTimestamp = (date: Date): string => nairobiStamp(date);
