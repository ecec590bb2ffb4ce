// What keeps the C2B addresses from being abused (issue 35): Daraja does not sign its calls, so the
// address carries a 128-bit secret (anything else is the site's plain 404), each network is rate
// limited, the body is capped, a body that is no payment records nothing, identical confirmations
// arriving together record one payment, the validation answers within 2 seconds however slow D1 is,
// and the secret never reaches the logs.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../src/index.ts";
import { kesAmount } from "../../src/lib/kes.ts";
import { paybillC2bPaths } from "../../src/paths.ts";
import { validationResult } from "../../src/paybill/paybill-confirm.ts";
import { TEST_MPESA_C2B_PATH_SECRET } from "../support/mpesa-standin-ports.ts";
import { envWith } from "./support/env.ts";
import { makeQuote } from "./support/factories.ts";
import { currentRateX100, SITE } from "./support/mpesa.ts";
import {
  ACCEPTED,
  C2B_PATHS,
  c2bRowOf,
  deliverC2b,
  ordersOfQuote,
  paymentsOf,
  payOnStandin,
} from "./support/paybill.ts";
import { cartItem, testClientIp } from "./support/payment.ts";
import { workContext } from "./support/work-context.ts";

const db = env.DB;
const count = async (table: string) =>
  (await db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the C2B addresses", () => {
  it("answer the site's plain 404 to any other secret, and with none configured or one too short", async () => {
    const { confirmation } = await payOnStandin({ amount: 100, account: "ANY" });
    const before = await count("c2b_payments");
    const others = [
      "0".repeat(32),
      `${TEST_MPESA_C2B_PATH_SECRET.slice(0, -1)}0`,
      TEST_MPESA_C2B_PATH_SECRET.slice(0, 16),
      TEST_MPESA_C2B_PATH_SECRET.toUpperCase(),
      `${TEST_MPESA_C2B_PATH_SECRET}0`,
    ];
    const plain = await deliverC2b(`${SITE}/no-such-page`, confirmation.body);
    const notFound = [404, plain.headers.get("Content-Type"), titleOf(await plain.text())];
    expect(notFound[2]).toBeTruthy();
    for (const secret of others) {
      const res = await deliverC2b(`${SITE}${paybillC2bPaths(secret).confirm}`, confirmation.body);
      expect([secret, res.status, res.headers.get("Content-Type"), titleOf(await res.text())]).toEqual([
        secret,
        ...notFound,
      ]);
    }
    const get = await worker.fetch(new Request(`${SITE}${C2B_PATHS.confirm}`), env, createExecutionContext());
    expect(get.status).toBe(404);
    for (const configured of [undefined, "", "0123456789abcdef", "a".repeat(40)]) {
      const closed = await worker.fetch(
        new Request(`${SITE}${C2B_PATHS.confirm}`, {
          method: "POST",
          headers: { "CF-Connecting-IP": testClientIp() },
          body: JSON.stringify(confirmation.body),
        }),
        envWith({ MPESA_C2B_PATH_SECRET: configured }),
        createExecutionContext(),
      );
      expect(closed.status).toBe(404);
    }
    expect(await count("c2b_payments")).toBe(before);
  }, 20_000);

  it("refuse a body of more than a few KB (413), and record nothing that is not a payment", async () => {
    const { validation, confirmation } = await payOnStandin({ amount: 100, account: "ANY" });
    const big = await deliverC2b(confirmation.url, { ...confirmation.body, FirstName: "A".repeat(5_000) });
    expect([big.status, await big.json()]).toEqual([
      413,
      { error: "This request is too large to be a paybill notification." },
    ]);

    const noId = await deliverC2b(confirmation.url, { ...confirmation.body, TransID: "" });
    expect(noId.status).toBe(400);
    expect(((await noId.json()) as { error: string }).error).toContain("TransID");
    const notJson = await deliverC2b(confirmation.url, "{not json");
    expect(notJson.status).toBe(400);
    const noAmount = await deliverC2b(confirmation.url, { ...confirmation.body, TransAmount: "-5" });
    expect(noAmount.status).toBe(400);
    expect(await c2bRowOf(confirmation.body.TransID ?? "")).toBeNull();

    const answer = async (body: unknown) => (await deliverC2b(validation.url, body)).json();
    expect(await answer("[]")).toEqual({ ResultCode: "C2B00016", ResultDesc: "Rejected" });
    expect(await answer({ ...validation.body, TransAmount: "0.00" })).toEqual({
      ResultCode: "C2B00013",
      ResultDesc: "Rejected",
    });
    expect(await answer({ ...validation.body, BusinessShortCode: "600000" })).toEqual({
      ResultCode: "C2B00015",
      ResultDesc: "Rejected",
    });
  }, 20_000);

  it("are rate limited per network: past the limit, 429 before anything else", async () => {
    const ip = "2001:db8:c2b:1::1";
    const wrong = `${SITE}${paybillC2bPaths("1".repeat(32)).validate}`;
    const statuses: number[] = [];
    // 120 a minute (wrangler.toml C2B_LIMITER); another address in the same /64 is the same network.
    for (let i = 0; i < 121; i++) statuses.push((await deliverC2b(wrong, {}, i % 2 ? ip : "2001:db8:c2b:1::2")).status);
    expect(statuses.slice(0, 120).every((s) => s === 404)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await deliverC2b(wrong, {}, "2001:db8:c2b:2::1")).status).toBe(404);
  }, 30_000);

  it("record ten identical confirmations arriving together once", async () => {
    const quote = await makeQuote([cartItem("s1")]);
    const kes = kesAmount(quote.due_cents, await currentRateX100());
    const { transId, confirmation } = await payOnStandin({ amount: kes, account: quote.number });
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await deliverC2b(confirmation.url, confirmation.body);
        return [res.status, await res.json()];
      }),
    );
    expect(answers).toEqual(Array.from({ length: 10 }, () => [200, ACCEPTED]));
    const orders = await ordersOfQuote(quote.number);
    expect(orders.map((o) => o.status)).toEqual(["paid"]);
    expect(await paymentsOf(orders[0]?.order_id ?? "")).toHaveLength(1);
    expect((await c2bRowOf(transId))?.status).toBe("matched");
  }, 30_000);

  it("put two first parts of one quote arriving together on one order", async () => {
    const quote = await makeQuote([cartItem("s1")]);
    const kes = kesAmount(quote.due_cents, await currentRateX100());
    const first = await payOnStandin({ amount: 1_000, account: quote.number });
    const second = await payOnStandin({ amount: kes - 1_000, account: quote.number });
    await Promise.all([first, second].map((p) => deliverC2b(p.confirmation.url, p.confirmation.body)));
    const orders = await ordersOfQuote(quote.number);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.status).toBe("paid");
    expect(await paymentsOf(orders[0]?.order_id ?? "")).toHaveLength(2);
  }, 30_000);

  it("answer the validation within 2 seconds when D1 does not answer: accepted, the confirmation decides", async () => {
    const never = new Promise<never>(() => {});
    const statement: Record<string, unknown> = {
      all: () => never,
      raw: () => never,
      first: () => never,
      run: () => never,
    };
    statement.bind = () => statement;
    const hanging = { prepare: () => statement, batch: () => never, exec: () => never };
    const errors = vi.spyOn(console, "error");
    const { validation } = await payOnStandin({ amount: 100, account: "Q-2026-00001" });
    const started = Date.now();
    const answer = await validationResult(workContext(envWith({ DB: hanging })), validation.body);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer).toEqual(ACCEPTED);
    // It waited on D1 and gave up in time; nothing threw.
    expect(errors).not.toHaveBeenCalled();
  }, 10_000);

  it("never write the secret into the logs", async () => {
    const lines: string[] = [];
    for (const level of ["log", "warn", "error", "info"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      });
    }
    const payment = await payOnStandin({ amount: 100, account: "NOTHING" });
    await deliverC2b(payment.validation.url, payment.validation.body);
    await deliverC2b(payment.confirmation.url, { ...payment.confirmation.body, TransAmount: "x" });
    await deliverC2b(payment.confirmation.url, payment.confirmation.body);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(TEST_MPESA_C2B_PATH_SECRET))).toEqual([]);
  }, 20_000);
});
