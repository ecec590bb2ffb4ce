// The Daraja gateway, against the local stand-in: one OAuth token per isolate until it nearly
// expires, the Password and Nairobi Timestamp Daraja checks, Daraja's limits refused before
// anything is sent, failures told apart from refusals, and callbacks read strictly.
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import {
  createMpesaGateway,
  MpesaNotConfiguredError,
  MpesaProviderError,
  MpesaRefusedError,
  mpesaConfigured,
  mpesaStandinPromptUrl,
  parseStkCallback,
  type StkPushRequest,
} from "../../src/providers/daraja.ts";
import { envWith } from "./support/env.ts";

const STANDIN = inject("mpesaStandinUrl");

type Recorded = { method: string; path: string; consumerKey: string | null; body: Record<string, unknown> | null };

async function recorded(base = STANDIN): Promise<Recorded[]> {
  return (await (await fetch(`${base}/__requests`)).json()) as Recorded[];
}

/** OAuth calls made with this consumer key (each test uses its own, so the isolate's cache starts empty for it). */
async function tokenCalls(key: string, base = STANDIN): Promise<number> {
  return (await recorded(base)).filter((r) => r.path === "/oauth/v1/generate" && r.consumerKey === key).length;
}

let keys = 0;
const freshKey = () => `gateway-test-${Date.now()}-${++keys}`;

function request(overrides: Partial<StkPushRequest> = {}): StkPushRequest {
  return {
    amountKes: 12_950,
    phone: "254712345678",
    accountReference: "ORD-A1B2C3D4",
    description: "Acacia order",
    callbackUrl: "https://shop.example/mpesa/callback/abc",
    ...overrides,
  };
}

async function settle(checkoutRequestId: string, resultCode: number) {
  const res = await fetch(`${STANDIN}/__control/settle`, {
    method: "POST",
    body: JSON.stringify({ checkoutRequestId, resultCode, send: false }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { callback: unknown }).callback;
}

describe("OAuth tokens", () => {
  it("fetches one token for many calls, concurrent first callers included", async () => {
    const key = freshKey();
    const gateway = createMpesaGateway(envWith({ MPESA_CONSUMER_KEY: key }));
    const pushes = await Promise.all([gateway.stkPush(request()), gateway.stkPush(request())]);
    await gateway.stkPush(request());
    expect(pushes.map((p) => p.checkoutRequestId)).toEqual([expect.stringMatching(/^ws_CO_/), expect.any(String)]);
    expect(await tokenCalls(key)).toBe(1);
    // Another gateway in the same isolate shares the cache.
    await createMpesaGateway(envWith({ MPESA_CONSUMER_KEY: key })).stkQuery(pushes[0]?.checkoutRequestId ?? "");
    expect(await tokenCalls(key)).toBe(1);
  });

  it("fetches a new token a minute before the old one expires (3599 s)", async () => {
    const key = freshKey();
    let clock = Date.parse("2026-11-25T10:00:00Z");
    const gateway = createMpesaGateway(envWith({ MPESA_CONSUMER_KEY: key }), { now: () => new Date(clock) });
    await gateway.stkPush(request());
    clock += 3_500_000; // 58 min 20 s: more than a minute left
    await gateway.stkPush(request());
    expect(await tokenCalls(key)).toBe(1);
    clock += 60_000; // 59 min 20 s: 39 s left
    await gateway.stkPush(request());
    expect(await tokenCalls(key)).toBe(2);
  });

  it("keeps no failed token fetch: each call tries again", async () => {
    const key = freshKey();
    const failing = inject("mpesaFailingUrl");
    const gateway = createMpesaGateway(envWith({ MPESA_CONSUMER_KEY: key, MPESA_API_BASE: failing }));
    await expect(gateway.stkPush(request())).rejects.toBeInstanceOf(MpesaProviderError);
    await expect(gateway.stkPush(request())).rejects.toBeInstanceOf(MpesaProviderError);
    expect(await tokenCalls(key, failing)).toBe(2);
  });
});

describe("STK push", () => {
  it("signs with base64(shortcode + passkey + timestamp), the timestamp in Nairobi time", async () => {
    // 21:30:12 UTC is 00:30:12 the next day in Nairobi (UTC+3).
    const at = new Date("2026-11-25T21:30:12Z");
    const reference = `TS${Date.now() % 1e9}`;
    await createMpesaGateway(env, { now: () => at }).stkPush(request({ accountReference: reference }));
    const sent = (await recorded()).find((r) => r.body?.AccountReference === reference)?.body;
    const nairobi = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Africa/Nairobi",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .format(at)
      .replace(/\D/g, "");
    expect(nairobi).toBe("20261126003012");
    expect(sent?.Timestamp).toBe(nairobi);
    expect(atob(String(sent?.Password))).toBe(`${env.MPESA_SHORTCODE}${env.MPESA_PASSKEY}${nairobi}`);
    expect(sent).toMatchObject({
      BusinessShortCode: env.MPESA_SHORTCODE,
      PartyB: env.MPESA_SHORTCODE,
      TransactionType: "CustomerPayBillOnline",
      Amount: 12_950,
      PartyA: "254712345678",
      PhoneNumber: "254712345678",
      TransactionDesc: "Acacia order",
    });
  });

  it("refuses what Daraja would refuse before sending anything", async () => {
    const gateway = createMpesaGateway(env);
    const marker = `LIM${Date.now() % 1e8}`;
    const refused: Partial<StkPushRequest>[] = [
      { accountReference: `${marker}ABCDEFGH`.slice(0, 13) },
      { accountReference: "" },
      { description: `${marker}ABCDEFGHIJKL`.slice(0, 14) },
      { description: "Caf\u00e9 order", accountReference: marker },
      { amountKes: 0, accountReference: marker },
      { amountKes: 10.5, accountReference: marker },
      { amountKes: 250_001, accountReference: marker },
      { phone: "0712345678", accountReference: marker },
      { phone: "254912345678", accountReference: marker },
      { callbackUrl: "http://shop.example/mpesa/callback/abc", accountReference: marker },
      { callbackUrl: "not a url", accountReference: marker },
    ];
    for (const overrides of refused) {
      await expect(gateway.stkPush(request(overrides)), JSON.stringify(overrides)).rejects.toBeInstanceOf(
        MpesaRefusedError,
      );
    }
    const sent = (await recorded()).filter((r) => String(r.body?.AccountReference ?? "").startsWith(marker));
    expect(sent).toEqual([]);
    // The edges are allowed: 12 and 13 characters, KES 250,000, a 2541… number, http to the stand-in's own machine.
    const edge = await gateway.stkPush(
      request({
        accountReference: "ABCDEFGHIJKL",
        description: "ABCDEFGHIJKLM",
        amountKes: 250_000,
        phone: "254112345678",
        callbackUrl: "http://127.0.0.1:8787/mpesa/callback/abc",
      }),
    );
    expect(edge.checkoutRequestId).toMatch(/^ws_CO_/);
  });

  it("tells Daraja's failures (provider errors) from its refusals", async () => {
    const failing = createMpesaGateway(envWith({ MPESA_API_BASE: inject("mpesaFailingUrl") }));
    const push = await failing.stkPush(request()).catch((e: unknown) => e);
    expect(push).toBeInstanceOf(MpesaProviderError);
    expect(push).not.toBeInstanceOf(MpesaRefusedError);
    expect(String(push)).toContain("HTTP 500");
    expect(String(push)).not.toContain(env.MPESA_CONSUMER_SECRET);
    await expect(failing.stkQuery("ws_CO_1")).rejects.toBeInstanceOf(MpesaProviderError);
    const unreachable = createMpesaGateway(envWith({ MPESA_API_BASE: "http://127.0.0.1:9" }));
    await expect(unreachable.stkPush(request())).rejects.toThrow(/unreachable/);
    // Daraja refuses a query for a push it does not know (400): a refusal.
    await expect(createMpesaGateway(env).stkQuery("ws_CO_000000000000000000")).rejects.toBeInstanceOf(
      MpesaRefusedError,
    );
  });
});

describe("STK query", () => {
  it("is pending until the buyer answers, then done with the result code", async () => {
    const gateway = createMpesaGateway(env);
    const { checkoutRequestId, customerMessage } = await gateway.stkPush(request());
    expect(customerMessage).not.toBe("");
    expect(await gateway.stkQuery(checkoutRequestId)).toEqual({ state: "pending" });
    await settle(checkoutRequestId, 1032);
    expect(await gateway.stkQuery(checkoutRequestId)).toEqual({
      state: "done",
      resultCode: 1032,
      resultDesc: "Request cancelled by user",
    });
  });
});

describe("parseStkCallback", () => {
  it("reads the stand-in's callbacks, paid and not", async () => {
    const gateway = createMpesaGateway(env);
    const paid = await gateway.stkPush(request());
    const parsed = parseStkCallback(await settle(paid.checkoutRequestId, 0));
    expect(parsed).toEqual({
      merchantRequestId: paid.merchantRequestId,
      checkoutRequestId: paid.checkoutRequestId,
      resultCode: 0,
      resultDesc: "The service request is processed successfully.",
      amount: 12_950,
      receipt: expect.stringMatching(/^[A-Z0-9]{10}$/),
      phone: "254712345678",
      transactionDate: expect.stringMatching(/^\d{14}$/),
    });
    const cancelled = await gateway.stkPush(request());
    expect(parseStkCallback(await settle(cancelled.checkoutRequestId, 1032))).toMatchObject({
      resultCode: 1032,
      amount: null,
      receipt: null,
      phone: null,
      transactionDate: null,
    });
  });

  const item = (Name: string, Value?: unknown) => (Value === undefined ? { Name } : { Name, Value });
  const body = (callback: Record<string, unknown>, items?: unknown[]) => ({
    Body: {
      stkCallback: {
        MerchantRequestID: "29115-34620561-1",
        CheckoutRequestID: "ws_CO_191220191020363925",
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        ...(items ? { CallbackMetadata: { Item: items } } : {}),
        ...callback,
      },
    },
  });
  const goodItems = [
    item("Amount", 1.0),
    item("MpesaReceiptNumber", "NLJ7RT61SV"),
    item("Balance"),
    item("TransactionDate", 20191219102115),
    item("PhoneNumber", 254708374149),
  ];

  it("takes Safaricom's documented shape, with a value-less Balance and a masked phone", () => {
    expect(parseStkCallback(body({}, goodItems))).toMatchObject({
      amount: 1,
      receipt: "NLJ7RT61SV",
      phone: "254708374149",
      transactionDate: "20191219102115",
    });
    const masked = goodItems.map((i) => (i.Name === "PhoneNumber" ? item("PhoneNumber", "2547*****149") : i));
    expect(parseStkCallback(body({}, masked))).toMatchObject({ receipt: "NLJ7RT61SV", phone: null });
  });

  it("refuses forged and malformed bodies", () => {
    const without = (name: string) => goodItems.filter((i) => i.Name !== name);
    const bad: unknown[] = [
      null,
      "{}",
      [],
      { Body: {} },
      { Body: { stkCallback: [] } },
      body({ ResultCode: "0" }, goodItems),
      body({ ResultCode: -1 }, goodItems),
      body({ CheckoutRequestID: "" }, goodItems),
      body({ CheckoutRequestID: "ws_CO_1<script>" }, goodItems),
      body({ MerchantRequestID: 29115 }, goodItems),
      body({ ResultDesc: 7 }, goodItems),
      body({}),
      body({}, without("Amount")),
      body({}, without("MpesaReceiptNumber")),
      body({}, [...goodItems.filter((i) => i.Name !== "Amount"), item("Amount", "12950")]),
      body({}, [...goodItems.filter((i) => i.Name !== "Amount"), item("Amount", 0)]),
      body({}, [...without("MpesaReceiptNumber"), item("MpesaReceiptNumber", "nlj7<b>")]),
      body({}, [...goodItems, item("Amount", 1)]),
      body({}, [...goodItems, { Value: 1 }]),
      body({}, [...goodItems, item("Extra", { nested: true })]),
      { Body: { stkCallback: { ...body({}, goodItems).Body.stkCallback, CallbackMetadata: { Item: "x" } } } },
    ];
    for (const b of bad) expect(parseStkCallback(b), JSON.stringify(b)).toBeNull();
  });
});

describe("configuration", () => {
  it("is configured with the four secrets, a known MPESA_ENV and a loopback-only MPESA_API_BASE", () => {
    expect(mpesaConfigured(env)).toBe(true);
    const unusable: Parameters<typeof envWith>[0][] = [
      { MPESA_CONSUMER_KEY: "" },
      { MPESA_CONSUMER_SECRET: undefined },
      { MPESA_SHORTCODE: " " },
      { MPESA_PASSKEY: "" },
      { MPESA_SHORTCODE: "17437X" },
      { MPESA_ENV: "live" },
      { MPESA_API_BASE: "https://sandbox.safaricom.example" },
      { MPESA_API_BASE: "not a url" },
    ];
    for (const overrides of unusable) {
      const broken = envWith(overrides);
      expect(mpesaConfigured(broken), JSON.stringify(overrides)).toBe(false);
      expect(() => createMpesaGateway(broken)).toThrow(MpesaNotConfiguredError);
    }
    expect(mpesaConfigured(envWith({ MPESA_ENV: "production", MPESA_API_BASE: "" }))).toBe(true);
    expect(mpesaConfigured(envWith({ MPESA_ENV: "" }))).toBe(true);
  });

  it("points at the stand-in's phone prompt only when MPESA_API_BASE names one", () => {
    expect(mpesaStandinPromptUrl(env, "ws_CO_123")).toBe(`${STANDIN}/__prompt/ws_CO_123`);
    expect(mpesaStandinPromptUrl(envWith({ MPESA_API_BASE: "" }), "ws_CO_123")).toBeNull();
    expect(mpesaStandinPromptUrl(envWith({ MPESA_API_BASE: "https://evil.example" }), "ws_CO_123")).toBeNull();
  });
});
