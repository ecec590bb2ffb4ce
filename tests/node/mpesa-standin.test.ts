// The M-Pesa stand-in answers as Daraja documents: OAuth tokens, STK pushes checked field by field
// against Daraja's limits, queries that stay pending until the (test) phone answers, and
// Safaricom's callback POSTed to the push's CallBackURL.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type MpesaStandin, startMpesaStandin } from "../../scripts/mpesa-standin/server.ts";

const SHORTCODE = "174379";
const PASSKEY = "test-passkey-node";
const TIMESTAMP = "20261125193012";

let standin: MpesaStandin;
let receiver: Server;
let callbacks: unknown[];
let callbackUrl: string;

beforeEach(async () => {
  standin = await startMpesaStandin({ port: 0 });
  callbacks = [];
  receiver = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    req.on("end", () => {
      callbacks.push(JSON.parse(text));
      res.writeHead(200, { "Content-Type": "application/json" }).end('{"ResultCode":0}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/mpesa/callback/t0k3n`;
});

afterEach(async () => {
  await standin.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const basic = (pair: string) => `Basic ${Buffer.from(pair).toString("base64")}`;
const password = (passkey = PASSKEY, timestamp = TIMESTAMP) =>
  Buffer.from(`${SHORTCODE}${passkey}${timestamp}`).toString("base64");

async function oauth(authorization?: string, grant = "client_credentials") {
  const res = await fetch(`${standin.url}/oauth/v1/generate?grant_type=${grant}`, {
    headers: authorization ? { Authorization: authorization } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function token(): Promise<string> {
  const { body } = await oauth(basic("consumer-key:consumer-secret"));
  return String(body.access_token);
}

function pushBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    BusinessShortCode: SHORTCODE,
    Password: password(),
    Timestamp: TIMESTAMP,
    TransactionType: "CustomerPayBillOnline",
    Amount: 1500,
    PartyA: "254712345678",
    PartyB: SHORTCODE,
    PhoneNumber: "254712345678",
    CallBackURL: callbackUrl,
    AccountReference: "ORD-12345678",
    TransactionDesc: "Acacia order",
    ...overrides,
  };
}

async function post(path: string, body: unknown, bearer?: string) {
  const res = await fetch(`${standin.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const push = async (body: Record<string, unknown>, bearer?: string) =>
  post("/mpesa/stkpush/v1/processrequest", body, bearer ?? (await token()));

async function query(checkoutRequestId: string) {
  return post(
    "/mpesa/stkpushquery/v1/query",
    { BusinessShortCode: SHORTCODE, Password: password(), Timestamp: TIMESTAMP, CheckoutRequestID: checkoutRequestId },
    await token(),
  );
}

async function acceptedPush(overrides: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await push(pushBody(overrides));
  expect(status).toBe(200);
  return String(body.CheckoutRequestID);
}

describe("OAuth", () => {
  it("issues a token for well-formed Basic credentials, expiring in 3599 s, and counts them", async () => {
    const first = await oauth(basic("consumer-key:consumer-secret"));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ access_token: expect.stringMatching(/^\S{20,}$/), expires_in: "3599" });
    const second = await oauth(basic("consumer-key:consumer-secret"));
    expect(second.body.access_token).not.toBe(first.body.access_token);
    expect(await (await fetch(`${standin.url}/__tokens`)).json()).toEqual({ issued: 2 });
  });

  it("refuses missing or malformed credentials and another grant type", async () => {
    for (const auth of [undefined, "Bearer abc", basic("no-colon"), basic(":secret"), basic("key:")]) {
      const { status, body } = await oauth(auth);
      expect([status, body.errorCode], String(auth)).toEqual([400, "400.008.01"]);
    }
    const grant = await oauth(basic("k:s"), "password");
    expect([grant.status, grant.body.errorCode]).toEqual([400, "400.008.02"]);
  });
});

describe("STK push", () => {
  it("accepts a documented request and answers Daraja's acknowledgement", async () => {
    const { status, body } = await push(pushBody());
    expect(status).toBe(200);
    expect(body).toEqual({
      MerchantRequestID: expect.stringMatching(/^\d+-\d+-\d+$/),
      CheckoutRequestID: expect.stringMatching(/^ws_CO_\d+$/),
      ResponseCode: "0",
      ResponseDescription: expect.any(String),
      CustomerMessage: expect.any(String),
    });
  });

  it("refuses a push without a valid token", async () => {
    for (const bearer of ["not-a-token", ""]) {
      const res = await post("/mpesa/stkpush/v1/processrequest", pushBody(), bearer || undefined);
      expect([res.status, res.body.errorCode]).toEqual([401, "404.001.03"]);
    }
  });

  it("accepts each limit at its edge", async () => {
    for (const overrides of [
      { Amount: 250_000 },
      { Amount: 1 },
      { AccountReference: "ABCDEFGHIJKL" },
      { TransactionDesc: "ABCDEFGHIJKLM" },
      { PartyA: "254112345678", PhoneNumber: "254112345678" },
      { BusinessShortCode: 174379, PartyB: 174379, Amount: "20", PartyA: 254712345678 },
      { CallBackURL: "https://shop.example/mpesa/callback/x" },
    ]) {
      const { status } = await push(pushBody(overrides));
      expect(status, JSON.stringify(overrides)).toBe(200);
    }
  });

  it("refuses each field that breaks Daraja's rules, naming it", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ["Amount", { Amount: 0 }],
      ["Amount", { Amount: 250_001 }],
      ["Amount", { Amount: 10.5 }],
      ["Amount", { Amount: "ten" }],
      ["PhoneNumber", { PhoneNumber: "0712345678" }],
      ["PhoneNumber", { PhoneNumber: "254912345678" }],
      ["PhoneNumber", { PhoneNumber: "25471234567" }],
      ["PartyA", { PartyA: "+254712345678" }],
      ["PartyB", { PartyB: "600000" }],
      ["BusinessShortCode", { BusinessShortCode: "1234" }],
      ["AccountReference", { AccountReference: "ABCDEFGHIJKLM" }],
      ["AccountReference", { AccountReference: "" }],
      ["TransactionDesc", { TransactionDesc: "ABCDEFGHIJKLMN" }],
      ["TransactionDesc", { TransactionDesc: "caf\u00e9" }],
      ["CallBackURL", { CallBackURL: "http://shop.example/mpesa/callback" }],
      ["CallBackURL", { CallBackURL: "not a url" }],
      ["Timestamp", { Timestamp: "20261332120000" }],
      ["Timestamp", { Timestamp: "2026112519301" }],
      ["Password", { Password: Buffer.from(`600000${PASSKEY}${TIMESTAMP}`).toString("base64") }],
      ["Password", { Password: "not base64!" }],
      ["TransactionType", { TransactionType: "CustomerPayBill" }],
    ];
    for (const [field, overrides] of cases) {
      const { status, body } = await push(pushBody(overrides));
      expect([status, body.errorCode, body.errorMessage], JSON.stringify(overrides)).toEqual([
        400,
        "400.002.02",
        `Bad Request - Invalid ${field}`,
      ]);
      expect(body.requestId).toEqual(expect.any(String));
    }
    for (const field of Object.keys(pushBody())) {
      const { [field]: _left, ...rest } = pushBody();
      const { status, body } = await push(rest);
      expect([status, body.errorMessage], field).toEqual([400, `Bad Request - Invalid ${field}`]);
    }
    const extra = await push(pushBody({ Remarks: "hi" }));
    expect([extra.status, extra.body.errorMessage]).toEqual([400, "Bad Request - Unknown field Remarks"]);
    const notJson = await fetch(`${standin.url}/mpesa/stkpush/v1/processrequest`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await token()}` },
      body: "Amount=1",
    });
    expect(notJson.status).toBe(400);
    expect(await (await fetch(`${standin.url}/__pushes`)).json()).toHaveLength(0);
  });

  it("checks the Password against the passkey it was given", async () => {
    await standin.close();
    standin = await startMpesaStandin({ port: 0, passkey: PASSKEY });
    expect((await push(pushBody())).status).toBe(200);
    const wrong = await push(pushBody({ Password: password("another-passkey") }));
    expect([wrong.status, wrong.body.errorMessage]).toEqual([400, "Bad Request - Invalid Password"]);
  });
});

describe("STK query", () => {
  it("is 'being processed' until the phone answers, then gives the result code", async () => {
    const id = await acceptedPush();
    const pending = await query(id);
    expect([pending.status, pending.body.errorCode, pending.body.errorMessage]).toEqual([
      500,
      "500.001.1001",
      "The transaction is being processed",
    ]);
    await post("/__control/settle", { checkoutRequestId: id, resultCode: 1032, send: false });
    const done = await query(id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      ResponseCode: "0",
      CheckoutRequestID: id,
      ResultCode: "1032",
      ResultDesc: "Request cancelled by user",
    });
  });

  it("refuses an unknown CheckoutRequestID and a bad Password", async () => {
    const unknown = await query("ws_CO_000000000000000000");
    expect([unknown.status, unknown.body.errorMessage]).toEqual([400, "Bad Request - Invalid CheckoutRequestID"]);
    const id = await acceptedPush();
    const bad = await post(
      "/mpesa/stkpushquery/v1/query",
      { BusinessShortCode: SHORTCODE, Password: "AAAA", Timestamp: TIMESTAMP, CheckoutRequestID: id },
      await token(),
    );
    expect([bad.status, bad.body.errorMessage]).toEqual([400, "Bad Request - Invalid Password"]);
  });
});

const OUTCOMES: [string, number, string][] = [
  ["approve", 0, "The service request is processed successfully."],
  ["cancel", 1032, "Request cancelled by user"],
  ["insufficient", 1, "The balance is insufficient for the transaction"],
  ["wrong_pin", 2001, "The initiator information is invalid."],
  ["no_answer", 1037, "DS timeout user cannot be reached"],
];

describe("the test phone prompt", () => {
  it("shows the amount, paybill and account, and one button per answer", async () => {
    const id = await acceptedPush();
    const res = await fetch(`${standin.url}/__prompt/${id}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Pay KES 1,500 to paybill 174379?");
    expect(html).toContain("ORD-12345678");
    for (const [outcome] of OUTCOMES) expect(html).toContain(`name="outcome" value="${outcome}"`);
    expect((await fetch(`${standin.url}/__prompt/ws_CO_1`)).status).toBe(404);
  });

  it.each(OUTCOMES)("%s sends Safaricom's callback with result %i", async (outcome, code, desc) => {
    const id = await acceptedPush();
    const res = await fetch(`${standin.url}/__prompt/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `outcome=${outcome}`,
    });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("The callback was sent to");
    expect(html).toContain("HTTP 200");
    expect(callbacks).toHaveLength(1);
    const stkCallback = (callbacks[0] as { Body: { stkCallback: Record<string, unknown> } }).Body.stkCallback;
    expect(stkCallback).toMatchObject({ CheckoutRequestID: id, ResultCode: code, ResultDesc: desc });
    expect(stkCallback.MerchantRequestID).toEqual(expect.any(String));
    if (code === 0) {
      expect(stkCallback.CallbackMetadata).toEqual({
        Item: [
          { Name: "Amount", Value: 1500 },
          { Name: "MpesaReceiptNumber", Value: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/) },
          { Name: "TransactionDate", Value: expect.any(Number) },
          { Name: "PhoneNumber", Value: 254712345678 },
        ],
      });
      const date = (stkCallback.CallbackMetadata as { Item: { Value: number }[] }).Item[2]?.Value;
      expect(String(date)).toMatch(/^20\d{12}$/);
      expect(html).toContain("Paid. M-Pesa receipt");
    } else {
      expect(stkCallback).not.toHaveProperty("CallbackMetadata");
      expect(html).toContain(`result code ${code}`);
    }
    // A second answer (the back button) neither changes the result nor calls back again.
    await fetch(`${standin.url}/__prompt/${id}`, { method: "POST", body: "outcome=approve" });
    expect(callbacks).toHaveLength(1);
    expect((await query(id)).body.ResultCode).toBe(String(code));
  });

  it("says so when the callback cannot be delivered", async () => {
    const id = await acceptedPush({ CallBackURL: "http://127.0.0.1:9/mpesa/callback/x" });
    const html = await (
      await fetch(`${standin.url}/__prompt/${id}`, { method: "POST", body: "outcome=approve" })
    ).text();
    expect(html).toContain("The callback to http://127.0.0.1:9/mpesa/callback/x failed");
  });
});

describe("controls and records", () => {
  it("settles without sending, refuses a second answer, and resends on request", async () => {
    const id = await acceptedPush();
    const settled = await post("/__control/settle", { checkoutRequestId: id, resultCode: 0, send: false });
    expect(settled.status).toBe(200);
    expect(settled.body.delivery).toBeNull();
    expect(settled.body.callback).toMatchObject({ Body: { stkCallback: { CheckoutRequestID: id, ResultCode: 0 } } });
    expect(callbacks).toHaveLength(0);
    expect((await post("/__control/settle", { checkoutRequestId: id, resultCode: 1 })).status).toBe(409);
    const resent = await post("/__control/resend", { checkoutRequestId: id });
    expect(resent.body.delivery).toMatchObject({ status: 200 });
    expect(callbacks).toEqual([settled.body.callback]);
    expect((await post("/__control/settle", { checkoutRequestId: "ws_CO_9", resultCode: 0 })).status).toBe(404);
    expect((await post("/__control/settle", { checkoutRequestId: id, resultCode: "0" })).status).toBe(400);
    const pushes = (await (await fetch(`${standin.url}/__pushes`)).json()) as Record<string, unknown>[];
    expect(pushes).toEqual([
      expect.objectContaining({ checkoutRequestId: id, state: "settled", resultCode: 0, receipt: expect.any(String) }),
    ]);
  });

  it("records every Daraja call with its auth scheme and body, never a secret, until cleared", async () => {
    const id = await acceptedPush();
    await query(id);
    const records = (await (await fetch(`${standin.url}/__requests`)).json()) as Record<string, unknown>[];
    expect(records.map((r) => [r.method, r.path, r.authScheme, r.status])).toEqual([
      ["GET", "/oauth/v1/generate", "Basic", 200],
      ["POST", "/mpesa/stkpush/v1/processrequest", "Bearer", 200],
      ["GET", "/oauth/v1/generate", "Basic", 200],
      ["POST", "/mpesa/stkpushquery/v1/query", "Bearer", 500],
    ]);
    expect(records[0]?.consumerKey).toBe("consumer-key");
    expect(records[1]?.body).toEqual(pushBody());
    expect(JSON.stringify(records)).not.toContain("consumer-secret");
    await fetch(`${standin.url}/__requests`, { method: "DELETE" });
    expect(await (await fetch(`${standin.url}/__requests`)).json()).toEqual([]);
  });

  it("fails every Daraja call when started to, in Daraja's error shape", async () => {
    const failing = await startMpesaStandin({ port: 0, fail: 500 });
    try {
      const res = await fetch(`${failing.url}/oauth/v1/generate?grant_type=client_credentials`, {
        headers: { Authorization: basic("k:s") },
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ requestId: expect.any(String), errorCode: "500.000.00" });
    } finally {
      await failing.close();
    }
  });
});
