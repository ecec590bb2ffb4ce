// The KRA PIN fields tried as an attacker would (issue 34): look-alike letters and digits, invisible
// and direction-changing characters are refused like any other wrong PIN, before Stripe and before
// anything is stored; a crowd from one IPv6 /64 is one client; the owner's corrections racing each
// other leave one PIN, the one the last audit row names.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { postAsOwner } from "./support/admin-forms.ts";
import { makeOrder } from "./support/factories.ts";
import { orderRow } from "./support/orders.ts";
import { cartItem, customer, expectSafeErrorBody, refusedRequests } from "./support/payment.ts";

const MESSAGE = "Enter your KRA PIN like P051234567X, or leave it empty";
const db = env.DB;

/** Each reads as P051234567X to a person, and none is that PIN. */
const DECEPTIVE: [string, string][] = [
  ["a Cyrillic Р and Х", "\u0420051234567\u0425"],
  ["full-width letters and digits", "\uff30\uff10\uff15\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff38"],
  ["Arabic-Indic digits", "P\u0660\u0665\u0661\u0662\u0663\u0664\u0665\u0666\u0667X"],
  ["a zero-width space inside", "P0512\u200b34567X"],
  ["a right-to-left override", "\u202eP051234567X"],
  ["a no-break space inside", "P05123\u00a04567X"],
  ["a line break inside", "P05123\n4567X"],
];

const ordersFor = async (email: string) =>
  (await db.prepare("SELECT COUNT(*) AS n FROM orders WHERE customer_email = ?").bind(email).first<{ n: number }>())
    ?.n ?? 0;

describe("KRA PINs meant to deceive", () => {
  const refusedPost = refusedRequests();

  it.each(DECEPTIVE)("refuses %s: 400 with the sentence, no Stripe call, no order", async (_, pin) => {
    const info = { ...customer(), kraPin: pin };
    const res = await refusedPost({ services: [cartItem("e1")], customerInfo: info });
    expect(res.status).toBe(400);
    expectSafeErrorBody(res);
    expect(res.json?.issues).toEqual([{ path: "customerInfo.kraPin", message: MESSAGE }]);
    expect(await ordersFor(info.email)).toBe(0);
  });

  it("25 at once from one IPv6 /64, each from its own address: one client's allowance, all refused, none stored", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const info = { ...customer(), kraPin: "P051234567X\u200b" };
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        refusedPost(
          { services: [cartItem("e1")], customerInfo: info },
          {
            headers: { "Content-Type": "application/json", "CF-Connecting-IP": `${prefix}:${(i + 1).toString(16)}::1` },
          },
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    // The payment endpoint allows 10 a minute per client (wrangler.toml): the /64 is that client.
    expect(statuses.filter((s) => s === 400).length).toBe(10);
    expect(await ordersFor(info.email)).toBe(0);
  });
});

describe("the owner's corrections racing each other", () => {
  it("25 at once leave one valid PIN: the one the last audit row names", async () => {
    const orderId = await makeOrder();
    const pins = Array.from({ length: 25 }, (_, i) => `A${String(100_000_000 + i)}Z`);
    const answers = await Promise.all(
      pins.map((kraPin) => postAsOwner(`/admin/orders/${orderId}/kra-pin`, { kraPin })),
    );
    expect(answers.every((a) => a.status === 303)).toBe(true);
    const audit = (
      await db
        .prepare("SELECT detail FROM admin_audit WHERE action = 'order.kra_pin' AND subject_id = ? ORDER BY id")
        .bind(orderId)
        .all<{ detail: string }>()
    ).results;
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.length).toBeLessThanOrEqual(25);
    const final = (await orderRow(orderId))?.customer_kra_pin;
    expect(pins).toContain(final);
    expect(audit.at(-1)?.detail).toContain(String(final));
  });
});
