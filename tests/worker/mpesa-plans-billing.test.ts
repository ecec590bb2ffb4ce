// /billing for a monthly plan paid by M-Pesa (docs/mpesa-plans.md): the e-mailed one-time link opens
// the plan's own page, where the buyer changes the number its prompts go to or cancels it; a month's
// pay link sends a prompt on the buyer's click. Every form is same-origin, bounded and limited.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditRow, OutboxRow } from "../../src/db/schema.ts";
import { parseDocument, textOf } from "./support/html.ts";
import { SITE, testPhone } from "./support/mpesa.ts";
import {
  answer,
  dueDays,
  getPage,
  mailsOf,
  monthsOf,
  nairobiAt,
  planPrompts,
  planRow,
  postForm,
  runCron,
  startPlan,
} from "./support/mpesa-plans.ts";
import { testClientIp } from "./support/payment.ts";

function read(html: string) {
  const document = parseDocument(html);
  return {
    text: textOf(document.body),
    token: document.querySelector('form[action="/billing/plan"] input[name="token"]')?.getAttribute("value") ?? "",
  };
}

async function linksTo(email: string): Promise<OutboxRow[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { results } = await env.DB.prepare(
      "SELECT * FROM outbox WHERE kind = 'mpesa-plan-link' AND recipient = ? ORDER BY id",
    )
      .bind(email)
      .all<OutboxRow>();
    if (results.length > 0 || Date.now() > deadline) return results;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A buyer with a plan asks /billing for a link and opens it: the plan's page, and its forms' token. */
async function openPlanPage() {
  const started = await startPlan();
  expect((await postForm("/billing", { email: started.buyer.email.toUpperCase() })).status).toBe(200);
  const [mail] = await linksTo(started.buyer.email);
  const url = new URL(JSON.parse(mail?.payload ?? "{}").url as string);
  expect(url.pathname).toBe("/billing/open");
  const landing = await getPage(`${url.pathname}${url.search}`);
  expect(read(await landing.text()).text).toContain("Open my plan");
  const opened = await postForm("/billing/open", { token: url.searchParams.get("token") ?? "" });
  expect(opened.status).toBe(200);
  expect(opened.headers.get("Referrer-Policy")).toBe("no-referrer");
  const page = read(await opened.text());
  return { ...started, page };
}

async function auditOf(orderId: string): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM admin_audit WHERE subject_kind = 'order' AND subject_id = ? ORDER BY id",
  )
    .bind(orderId)
    .all<AuditRow>();
  return results;
}

describe("an M-Pesa plan's page on /billing", () => {
  it("opens from the e-mailed link with the plan's reference, number and next due date; no Stripe portal", async () => {
    const { page, plan, phone } = await openPlanPage();
    expect(page.text).toContain(plan.reference);
    expect(page.text).toContain(`0${phone.normalised.slice(3, 6)} ${phone.normalised.slice(6, 9)}`);
    expect(page.text).toContain("Next payment due");
    expect(page.text).not.toContain("Billing Portal Is Ready");
    expect(page.token).toMatch(/^[\w-]{43}$/);
  }, 30_000);

  it("changes the number prompts go to (audited), and the next month's prompt goes there", async () => {
    const { page, plan, order } = await openPlanPage();
    const bad = await postForm("/billing/plan", { token: page.token, action: "phone", phone: "0612 345 678" });
    expect(bad.status).toBe(400);
    const refused = read(await bad.text());
    expect(refused.text).toContain("Enter a Safaricom number");
    expect((await planRow(plan.subscription_id))?.phone).toBe(plan.phone);

    const next = testPhone();
    const saved = await postForm("/billing/plan", { token: refused.token, action: "phone", phone: next.typed });
    expect(saved.status).toBe(200);
    expect(read(await saved.text()).text).toContain("Saved: the next prompts go to");
    expect((await planRow(plan.subscription_id))?.phone).toBe(next.normalised);
    const [audit] = await auditOf(order.order_id);
    expect(audit).toMatchObject({ action: "plan.phone_changed", actor: "buyer (e-mailed /billing link)" });

    // A token works once.
    const again = await postForm("/billing/plan", { token: refused.token, action: "phone", phone: testPhone().typed });
    expect(again.status).toBe(410);
    expect((await planRow(plan.subscription_id))?.phone).toBe(next.normalised);

    await runCron(nairobiAt(plan.next_due_on, "09:05"));
    const [prompt] = await planPrompts(plan.reference);
    expect(prompt?.phone).toBe(next.normalised);
  }, 30_000);

  it("cancels at the end of the paid month after a confirmation step; the cron then ends it and prompts no more", async () => {
    const { page, plan, order } = await openPlanPage();
    const asked = await postForm("/billing/plan", { token: page.token, action: "cancel" });
    const confirm = read(await asked.text());
    expect(confirm.text).toContain("Cancel Your Plan?");
    expect((await planRow(plan.subscription_id))?.cancel_at_period_end).toBe(0);

    const done = await postForm("/billing/plan", { token: confirm.token, action: "cancel-confirm" });
    expect(done.status).toBe(200);
    expect(read(await done.text()).text).toContain("Your Plan Is Cancelled");
    expect(await planRow(plan.subscription_id)).toMatchObject({ status: "active", cancel_at_period_end: 1 });
    expect((await auditOf(order.order_id)).map((a) => a.action)).toEqual(["plan.canceled"]);
    expect(await mailsOf(order.order_id, "owner-cancel-scheduled")).toHaveLength(1);

    const { due, day2 } = dueDays(plan);
    await runCron(nairobiAt(due, "09:05"));
    await runCron(nairobiAt(day2, "09:05"));
    expect(await planPrompts(plan.reference)).toHaveLength(0);
    expect(await monthsOf(plan.subscription_id)).toHaveLength(1);
    expect((await planRow(plan.subscription_id))?.status).toBe("canceled");
    expect(await mailsOf(order.order_id, "owner-subscription-canceled")).toHaveLength(1);
  }, 30_000);

  it("with a month unpaid, cancelling ends the plan now and the month is no longer asked for", async () => {
    const { page, plan } = await openPlanPage();
    const { due, day2 } = dueDays(plan);
    await runCron(nairobiAt(due, "09:05"));
    const [prompt] = await planPrompts(plan.reference);
    await answer(prompt ?? { checkout_request_id: "" }, 1032);
    const confirm = read(await (await postForm("/billing/plan", { token: page.token, action: "cancel" })).text());
    expect(confirm.text).toContain("would end today");
    await postForm("/billing/plan", { token: confirm.token, action: "cancel-confirm" });
    expect((await planRow(plan.subscription_id))?.status).toBe("canceled");
    expect((await monthsOf(plan.subscription_id))[1]?.status).toBe("void");
    await runCron(nairobiAt(day2, "09:05"));
    expect(await planPrompts(plan.reference)).toHaveLength(1);
  }, 30_000);

  it("refuses another site's form, forged and malformed tokens, extra fields and a large body", async () => {
    const { page, plan } = await openPlanPage();
    const cross = await exports.default.fetch(`${SITE}/billing/plan`, {
      method: "POST",
      body: new URLSearchParams({ token: page.token, action: "cancel-confirm" }).toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
        "CF-Connecting-IP": testClientIp(),
      },
    });
    expect(cross.status).toBe(403);
    const forged = `${page.token.slice(0, -1)}${page.token.endsWith("A") ? "B" : "A"}`;
    expect((await postForm("/billing/plan", { token: forged, action: "cancel-confirm" })).status).toBe(404);
    expect((await postForm("/billing/plan", { token: "' OR 1=1 --", action: "view" })).status).toBe(404);
    expect((await postForm("/billing/plan", { token: page.token, action: "delete" })).status).toBe(400);
    const extra = await postForm("/billing/plan", { token: page.token, action: "view", subscription_id: "mps_x" });
    expect(extra.status).toBe(400);
    const huge = await postForm("/billing/plan", { token: page.token, action: "phone", phone: "0".repeat(8_000) });
    expect(huge.status).toBe(413);
    const script = await postForm("/billing/plan", {
      token: page.token,
      action: "phone",
      phone: "<script>alert(1)</script>",
    });
    expect(script.status).toBe(400);
    expect(await script.text()).not.toContain("<script>alert(1)");
    expect(await planRow(plan.subscription_id)).toMatchObject({ cancel_at_period_end: 0, phone: plan.phone });
  }, 30_000);
});

describe("a month's pay link", () => {
  it("shows the month due and sends a prompt for it on the buyer's click; a paid month has nothing to pay", async () => {
    const { plan, order } = await startPlan();
    const { due } = dueDays(plan);
    await runCron(nairobiAt(due, "09:05"));
    const [first] = await planPrompts(plan.reference);
    await answer(first ?? { checkout_request_id: "" }, 1037);
    const [mail] = await mailsOf(order.order_id, "mpesa-plan-due");
    const url = new URL(JSON.parse(mail?.payload ?? "{}").payUrl as string);
    const key = url.searchParams.get("k") ?? "";

    const page = await getPage(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const html = await page.text();
    expect(html).toContain("Send the prompt for KES");
    expect(html).not.toContain(plan.phone.slice(3, 9));

    const sent = await postForm("/billing/plan/pay", { k: key });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Check Your Phone");
    const prompts = await planPrompts(plan.reference);
    expect(prompts).toHaveLength(2);
    // While it waits for the phone, a second click sends nothing.
    expect((await postForm("/billing/plan/pay", { k: key })).status).toBe(409);
    await answer(prompts[1] ?? { checkout_request_id: "" }, 0);
    expect((await monthsOf(plan.subscription_id))[1]?.status).toBe("paid");
    expect((await getPage(`${url.pathname}${url.search}`)).status).toBe(410);
    expect((await postForm("/billing/plan/pay", { k: key })).status).toBe(410);
    expect(await planPrompts(plan.reference)).toHaveLength(2);
  }, 30_000);

  it("a phone gets at most three prompts an hour, links included, and a made-up key gets 404", async () => {
    const { plan, order } = await startPlan();
    await runCron(nairobiAt(plan.next_due_on, "09:05"));
    const [mail] = await mailsOf(order.order_id, "mpesa-plan-due");
    const key = new URL(JSON.parse(mail?.payload ?? "{}").payUrl as string).searchParams.get("k") ?? "";
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const prompts = await planPrompts(plan.reference);
      await answer(prompts.at(-1) ?? { checkout_request_id: "" }, 1032).catch(() => {});
      statuses.push((await postForm("/billing/plan/pay", { k: key })).status);
    }
    // Three an hour, whoever asks: the checkout's prompt was one (the cron's counts none), the links get two.
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    expect(await planPrompts(plan.reference)).toHaveLength(3);
    expect((await getPage("/billing/plan/pay?k=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await getPage("/billing/plan/pay?k=<script>")).status).toBe(404);
  }, 30_000);
});
