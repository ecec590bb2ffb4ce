import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { createMpesaGateway } from "../../src/providers/daraja.ts";
import { createReversalGateway } from "../../src/providers/daraja-reversal.ts";

/**
 * Every call the worker made to the Daraja stand-in during the suite (this file's and any other's:
 * the gateway's own tests, the checkout routes), checked against Daraja's documented fields and
 * limits: the stand-in is lenient where Daraja is (numbers as strings), this is not.
 */
type Recorded = {
  method: string;
  path: string;
  query: Record<string, string>;
  authScheme: string | null;
  body: unknown;
  status: number;
};

const PUSH_FIELDS = [
  "AccountReference",
  "Amount",
  "BusinessShortCode",
  "CallBackURL",
  "Password",
  "PartyA",
  "PartyB",
  "PhoneNumber",
  "Timestamp",
  "TransactionDesc",
  "TransactionType",
].sort();
const QUERY_FIELDS = ["BusinessShortCode", "CheckoutRequestID", "Password", "Timestamp"].sort();
/** Daraja's Transaction Reversal, its own spelling (RecieverIdentifierType) included. */
const REVERSAL_FIELDS = [
  "Amount",
  "CommandID",
  "Initiator",
  "Occasion",
  "QueueTimeOutURL",
  "ReceiverParty",
  "RecieverIdentifierType",
  "Remarks",
  "ResultURL",
  "SecurityCredential",
  "TransactionID",
].sort();
/** Daraja blocks callback URLs containing these, in any case. */
const REFUSED_WORDS = ["mpesa", "m-pesa", "safaricom", "sql", "query", "exe", "cmd"];
const SAFARICOM_PHONE = /^254[17]\d{8}$/;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** What is wrong with one recorded call (empty: nothing). */
function problems(r: Recorded): string[] {
  if (r.path === "/oauth/v1/generate") {
    return [
      r.method === "GET" || "OAuth is a GET",
      JSON.stringify(r.query) === '{"grant_type":"client_credentials"}' || "OAuth query is grant_type only",
      r.authScheme === "Basic" || "OAuth uses Basic auth",
      r.body === null || "OAuth has no body",
    ].filter((p): p is string => p !== true);
  }
  const body = (typeof r.body === "object" && r.body !== null ? r.body : {}) as Record<string, unknown>;
  if (r.path === "/mpesa/reversal/v1/request") return reversalProblems(r, body);
  const common = [
    r.method === "POST" || "a POST",
    r.authScheme === "Bearer" || "Bearer auth",
    Object.keys(r.query).length === 0 || "no query string",
    ...signature(body),
  ];
  if (r.path === "/mpesa/stkpush/v1/processrequest") {
    return [
      ...common,
      JSON.stringify(Object.keys(body).sort()) === JSON.stringify(PUSH_FIELDS) || "exactly the documented fields",
      body.TransactionType === "CustomerPayBillOnline" || "TransactionType CustomerPayBillOnline",
      (Number.isSafeInteger(body.Amount) && (body.Amount as number) >= 1 && (body.Amount as number) <= 250_000) ||
        "Amount a whole number of shillings, 1 to 250,000",
      (typeof body.PartyA === "string" && SAFARICOM_PHONE.test(body.PartyA)) || "PartyA 2547…/2541…, 12 digits",
      body.PhoneNumber === body.PartyA || "PhoneNumber is PartyA",
      body.PartyB === body.BusinessShortCode || "PartyB is the paybill",
      callbackUrlOk(body.CallBackURL) || "CallBackURL https (http only on loopback)",
      promptText(body.AccountReference, 12) || "AccountReference 1 to 12 characters",
      promptText(body.TransactionDesc, 13) || "TransactionDesc 1 to 13 characters",
    ].filter((p): p is string => p !== true);
  }
  if (r.path === "/mpesa/stkpushquery/v1/query") {
    return [
      ...common,
      JSON.stringify(Object.keys(body).sort()) === JSON.stringify(QUERY_FIELDS) || "exactly the documented fields",
      (typeof body.CheckoutRequestID === "string" && /^ws_CO_\w+$/.test(body.CheckoutRequestID)) ||
        "CheckoutRequestID ws_CO_…",
    ].filter((p): p is string => p !== true);
  }
  return [`an unknown Daraja path ${r.path}`];
}

/** A reversal: exactly Daraja's fields, the configured initiator and shortcode, a whole payment's receipt and shillings. */
function reversalProblems(r: Recorded, body: Record<string, unknown>): string[] {
  const resultUrl = (value: unknown) =>
    callbackUrlOk(value) && !REFUSED_WORDS.some((word) => String(value).toLowerCase().includes(word));
  const remark = (value: unknown) => typeof value === "string" && /^[\x20-\x7e]{2,100}$/.test(value);
  return [
    r.method === "POST" || "a POST",
    r.authScheme === "Bearer" || "Bearer auth",
    JSON.stringify(Object.keys(body).sort()) === JSON.stringify(REVERSAL_FIELDS) || "exactly the documented fields",
    body.Initiator === env.MPESA_INITIATOR_NAME || "Initiator is MPESA_INITIATOR_NAME",
    body.SecurityCredential === env.MPESA_SECURITY_CREDENTIAL || "SecurityCredential is MPESA_SECURITY_CREDENTIAL",
    body.CommandID === "TransactionReversal" || "CommandID TransactionReversal",
    (typeof body.TransactionID === "string" && /^[A-Z0-9]{10}$/.test(body.TransactionID)) ||
      "TransactionID an M-Pesa receipt",
    (Number.isSafeInteger(body.Amount) && (body.Amount as number) >= 1 && (body.Amount as number) <= 250_000) ||
      "Amount a whole number of shillings, 1 to 250,000",
    body.ReceiverParty === env.MPESA_SHORTCODE || "ReceiverParty is the paybill",
    body.RecieverIdentifierType === "11" || 'RecieverIdentifierType "11" (a shortcode)',
    resultUrl(body.ResultURL) || "ResultURL https, without a word Daraja blocks",
    resultUrl(body.QueueTimeOutURL) || "QueueTimeOutURL https, without a word Daraja blocks",
    remark(body.Remarks) || "Remarks 2 to 100 characters",
    remark(body.Occasion) || "Occasion 2 to 100 characters",
  ].filter((p): p is string => p !== true);
}

/** BusinessShortCode, Timestamp (YYYYMMDDHHmmss, a real time) and Password = base64(shortcode + passkey + timestamp). */
function signature(body: Record<string, unknown>): (true | string)[] {
  const { BusinessShortCode: shortcode, Timestamp: timestamp, Password: password } = body;
  const match = typeof timestamp === "string" ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(timestamp) : null;
  const parts = match?.slice(1).map(Number) ?? [];
  const [y = 0, mo = 0, d = 0, h = 99, mi = 99, s = 99] = parts;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const realTime =
    match !== null && date.getUTCDate() === d && date.getUTCMonth() === mo - 1 && h < 24 && mi < 60 && s < 60;
  return [
    (typeof shortcode === "string" && /^\d{5,7}$/.test(shortcode)) || "BusinessShortCode 5 to 7 digits",
    realTime || "Timestamp YYYYMMDDHHmmss",
    (typeof password === "string" && atobOrNull(password) === `${shortcode}${env.MPESA_PASSKEY}${timestamp}`) ||
      "Password base64(shortcode + passkey + timestamp)",
  ];
}

function atobOrNull(value: string): string | null {
  try {
    return atob(value);
  } catch {
    return null;
  }
}

function callbackUrlOk(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
}

const promptText = (value: unknown, max: number) =>
  typeof value === "string" && value.length >= 1 && value.length <= max && /^[\x20-\x7e]+$/.test(value);

describe("what the worker sends Daraja", () => {
  it("uses only Daraja's documented fields, within its limits, on every call the suite recorded", async () => {
    // At least one of each call: a token, a push, a pending query and a finished one.
    const gateway = createMpesaGateway(env);
    const { checkoutRequestId } = await gateway.stkPush({
      amountKes: 1,
      phone: "254112345678",
      accountReference: "CONTRACT",
      description: "Contract test",
      callbackUrl: "https://shop.example/mpesa/callback/contract",
    });
    expect(await gateway.stkQuery(checkoutRequestId)).toEqual({ state: "pending" });
    await fetch(`${inject("mpesaStandinUrl")}/__control/settle`, {
      method: "POST",
      body: JSON.stringify({ checkoutRequestId, resultCode: 0, send: false }),
    });
    expect(await gateway.stkQuery(checkoutRequestId)).toMatchObject({ state: "done", resultCode: 0 });
    await createReversalGateway(env).reverse({
      transactionId: "PDU91HIVIT",
      amountKes: 200,
      resultUrl: `https://shop.example/payments/reversal/${"a".repeat(32)}/result`,
      timeoutUrl: `https://shop.example/payments/reversal/${"a".repeat(32)}/timeout`,
      remarks: "Refund",
      occasion: "rf_contract",
    });

    const recorded = (await (await fetch(`${inject("mpesaStandinUrl")}/__requests`)).json()) as Recorded[];
    const paths = new Set(recorded.map((r) => r.path));
    expect([...paths].sort()).toEqual([
      "/mpesa/reversal/v1/request",
      "/mpesa/stkpush/v1/processrequest",
      "/mpesa/stkpushquery/v1/query",
      "/oauth/v1/generate",
    ]);
    const wrong = recorded.flatMap((r) => problems(r).map((p) => `${r.method} ${r.path}: ${p}`));
    expect(wrong).toEqual([]);
    // The stand-in (which knows the passkey) refused none of the worker's pushes.
    expect(recorded.filter((r) => r.path !== "/mpesa/stkpushquery/v1/query" && r.status !== 200)).toEqual([]);
  });
});
