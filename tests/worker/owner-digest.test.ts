import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordBreach } from "../../src/breaches/breach-register.ts";
import type { OutboxRow } from "../../src/db/schema.ts";
import worker from "../../src/index.ts";
import { mailKinds } from "../../src/mail/mail-kinds.ts";
import { logDataRequest } from "../../src/privacy/data-request-log.ts";
import { company } from "../../src/site/company-copy.ts";
import { TEST_OWNER_EMAIL } from "../support/secrets.ts";
import { newBreachForm } from "./support/breaches.ts";
import { makeMessage, makeOrder, makePayment, makeQuoteRow } from "./support/factories.ts";

const DAY = 24 * 60 * 60 * 1000;
const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

async function digests(): Promise<OutboxRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM outbox WHERE kind = 'owner-digest' ORDER BY id",
  ).all<OutboxRow>();
  return results;
}

const runDigest = (at: Date) =>
  worker.scheduled(createScheduledController({ cron: "0 4 * * *", scheduledTime: at.getTime() }), env);

describe("the owner's daily digest (07:00 Nairobi)", () => {
  // First in the file: the database holds nothing yet.
  it("an empty day sends nothing", async () => {
    await runDigest(new Date());
    expect(await digests()).toEqual([]);
  });

  it("a full day: every list, links to the back office, a customer's markup shown as text", async () => {
    const now = new Date();
    const iso = (offset: number) => new Date(now.getTime() + offset).toISOString();
    const paid = await makeOrder({ customer_name: `Paid ${HOSTILE}`, status: "paid", paid_at: iso(-DAY / 2) });
    await makeOrder({ customer_name: "Paid long ago", status: "paid", paid_at: iso(-DAY - 60_000) });
    await makeMessage({ name: `Sender ${HOSTILE}`, email: "sender@example.com" });
    await makeMessage({ name: "Already answered", answered_at: iso(-1000), answered_by: "owner" });
    await makeQuoteRow({ number: "Q-2026-09001", customer_name: "Soon expiring", valid_until: iso(2 * DAY) });
    await makeQuoteRow({ number: "Q-2026-09002", customer_name: "Far off", valid_until: iso(4 * DAY) });
    await makeQuoteRow({
      number: "Q-2026-09003",
      customer_name: "Accepted one",
      valid_until: iso(DAY),
      accepted_at: iso(-1000),
    });
    const sub = await makeOrder({
      customer_name: "Renewing customer",
      mode: "subscription",
      status: "paid",
      paid_at: iso(-40 * DAY),
    });
    const failed = await makePayment({
      order_id: sub,
      subscription_id: "sub_digest",
      status: "failed",
      billing_reason: "subscription_cycle",
    });
    const review = await makeOrder({ status: "needs_review", review_reason: "Stripe reported 100 eur" });
    await makePayment({ order_id: sub, subscription_id: "sub_digest", review_reason: "Not the plan's amount" });

    await runDigest(now);
    const [row, ...others] = await digests();
    expect(others).toEqual([]);
    const nairobiDay = new Date(now.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(row?.dedupe_key).toBe(`owner-digest:${nairobiDay}`);
    expect(row?.recipient).toBe(TEST_OWNER_EMAIL);
    expect(row?.subject).toMatch(/^Daily summary for \d{1,2} \w+ \d{4}$/);

    const mail = mailKinds["owner-digest"].render(JSON.parse(row?.payload ?? "{}"), { company });
    for (const heading of [
      "New paid orders",
      "Messages not yet answered",
      "Quotes expiring in the next 3 days",
      "Failed renewals",
      "Waiting for your review",
    ]) {
      expect(mail.text).toContain(heading);
      expect(mail.html).toContain(heading);
    }
    expect(mail.text).toContain(`Paid ${HOSTILE}: $150.00 (${paid})`);
    expect(mail.text).toContain(`Sender ${HOSTILE} <sender@example.com>`);
    expect(mail.text).toContain("Q-2026-09001 for Soon expiring");
    expect(mail.text).toContain(`Renewing customer: $150.00 (${failed})`);
    expect(mail.text).toContain(`order ${review}: Stripe reported 100 eur`);
    expect(mail.text).toContain("Not the plan's amount");
    for (const absent of ["Paid long ago", "Already answered", "Far off", "Accepted one"]) {
      expect(mail.text).not.toContain(absent);
    }
    expect(mail.text).toContain("Open in the back office: http://localhost:8787/admin/orders?status=paid");
    expect(mail.html).toContain('href="http://localhost:8787/admin/messages"');
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("a second run the same day, and the five-minute sweeps, send no second digest", async () => {
    await runDigest(new Date());
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env);
    expect(await digests()).toHaveLength(1);
    // The next morning is another day.
    await runDigest(new Date(Date.now() + DAY));
    expect(await digests()).toHaveLength(2);
  });
});

describe("the digest and the Data Protection Act's clocks", () => {
  it("lists a breach whose ODPC clock runs and a request due within 2 days, each linked to its page", async () => {
    // A morning of its own, far from the other tests' days, so its digest is its own.
    const morning = new Date(Date.now() + 40 * DAY);
    const day = (offset: number) =>
      new Date(morning.getTime() + 3 * 60 * 60 * 1000 + offset * DAY).toISOString().slice(0, 10);
    const domain = `${crypto.randomUUID().slice(0, 8)}.example`;
    await logDataRequest(
      env.DB,
      { kind: "erasure", channel: "letter", receivedOn: day(-6), address: `jane@${domain}`, note: null },
      "owner@example.com",
      new Date(morning.getTime() - 6 * DAY),
    );
    const aware = new Date(morning.getTime() - 10 * 60 * 60 * 1000 + 3 * 60 * 60 * 1000).toISOString().slice(0, 16);
    const recorded = await recordBreach(env.DB, newBreachForm({ aware_at: aware }), "owner", morning);
    const number = recorded.ok ? recorded.number : "not recorded";

    await runDigest(morning);
    const row = (await digests()).find((digest) => digest.dedupe_key === `owner-digest:${day(0)}`);
    const mail = mailKinds["owner-digest"].render(JSON.parse(row?.payload ?? "{}"), { company });
    expect(mail.text).toContain("Data requests due within 2 days (the Data Protection Act's clock)");
    expect(mail.text).toContain(`for j•••@${domain}: due `);
    expect(mail.text).toContain("Open in the back office: http://localhost:8787/admin/people");
    expect(mail.text).toContain("Breaches: the ODPC's 72-hour clock and the people to tell");
    expect(mail.text).toContain(number);
    expect(mail.text).toContain("Open in the back office: http://localhost:8787/admin/breaches");
    // The funnel's line is left out when the SQL API is not configured (as in these tests).
    expect(mail.text).not.toContain("Yesterday on the website");
  });
});
