// The cron bills M-Pesa plans by the trigger's own time (docs/mpesa-plans.md): each test starts a
// plan today and fires the 5-minute Cron Trigger on the days that follow, at Nairobi times it picks.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { nextDueOn } from "../../src/billing/mpesa-plan-dates.ts";
import { kesAmount } from "../../src/lib/kes.ts";
import { mailKinds } from "../../src/mail/mail-kinds.ts";
import { company } from "../../src/site/company-copy.ts";
import { TEST_OWNER_EMAIL } from "../support/secrets.ts";
import { currentRateX100 } from "./support/mpesa.ts";
import {
  addDays,
  answer,
  dueDays,
  linesOf,
  mailsOf,
  monthsOf,
  nairobiAt,
  planPrompts,
  planRow,
  postForm,
  runCron,
  STARTER_CENTS,
  startPlan,
} from "./support/mpesa-plans.ts";
import { clearPaymentDetails, setPaymentDetails } from "./support/payment-details.ts";

/** The month due now (the plan's second), as the cron opened it. */
async function dueMonth(subscriptionId: string) {
  const months = await monthsOf(subscriptionId);
  expect(months).toHaveLength(2);
  return months[1];
}

describe("the second month of a Starter plan, billed by cron", () => {
  it("is prompted on its due date with an e-mail to pay, and once approved is paid, with its receipt", async () => {
    const { plan, phone, order, buyer } = await startPlan();
    const { due } = dueDays(plan);

    await runCron(nairobiAt(addDays(due, -1), "12:00"));
    await runCron(nairobiAt(due, "08:55"));
    expect(await planPrompts(plan.reference)).toHaveLength(0);

    await runCron(nairobiAt(due, "09:05"));
    const [prompt] = await planPrompts(plan.reference);
    const kes = kesAmount(STARTER_CENTS, await currentRateX100());
    expect(prompt).toMatchObject({ phone: phone.normalised, amount_kes: kes, status: "pending" });
    expect(await dueMonth(plan.subscription_id)).toMatchObject({
      period_start: due,
      period_end: nextDueOn(due, plan.anchor_day),
      status: "due",
      kes_amount: kes,
      tries: 1,
      last_try_on: due,
      prompts: 1,
    });
    const [dueMail] = await mailsOf(order.order_id, "mpesa-plan-due");
    expect(dueMail?.recipient).toBe(buyer.email);
    const data = JSON.parse(dueMail?.payload ?? "{}");
    expect(data).toMatchObject({ attempt: 1, kes, promptedTo: phone.normalised.slice(-3), reference: plan.reference });
    expect(data.payUrl).toMatch(/\/billing\/plan\/pay\?k=[\w-]{43}$/);

    await answer(prompt ?? { checkout_request_id: "" }, 0);
    const month = await dueMonth(plan.subscription_id);
    expect(month?.status).toBe("paid");
    const line = (await linesOf(plan.subscription_id)).find((l) => l.payment_id === prompt?.checkout_request_id);
    expect(line).toMatchObject({
      status: "paid",
      provider: "mpesa_express",
      billing_reason: "subscription_cycle",
      period_start: due,
      period_end: month?.period_end,
      amount_cents: kes * 100,
      currency: "kes",
      usd_cents: STARTER_CENTS,
    });
    const receipt = await env.DB.prepare("SELECT number FROM receipts WHERE payment_id = ?")
      .bind(prompt?.checkout_request_id)
      .first<{ number: string }>();
    expect(receipt?.number).toMatch(/^R-\d{4}-\d{5,}$/);
    const after = await planRow(plan.subscription_id);
    expect(after).toMatchObject({ status: "active", next_due_on: month?.period_end });
    const [paidMail] = await mailsOf(order.order_id, "mpesa-plan-paid");
    expect(JSON.parse(paidMail?.payload ?? "{}").receipt.number).toBe(receipt?.number);

    // Later that day, and the next: paid, so nothing more is asked.
    await runCron(nairobiAt(due, "15:00"));
    await runCron(nairobiAt(addDays(due, 1), "10:00"));
    expect(await planPrompts(plan.reference)).toHaveLength(1);
    expect(await mailsOf(order.order_id, "mpesa-plan-due")).toHaveLength(1);
  }, 60_000);

  it("two crons at once prompt once, and a cron later the same day prompts no more", async () => {
    const { plan, order } = await startPlan();
    const { due, day2 } = dueDays(plan);
    await Promise.all([runCron(nairobiAt(due, "09:05")), runCron(nairobiAt(due, "09:05"))]);
    const prompts = await planPrompts(plan.reference);
    expect(prompts).toHaveLength(1);
    // The buyer cancels on the phone: the month is still due, but today's try is made.
    await answer(prompts[0] ?? { checkout_request_id: "" }, 1032);
    await runCron(nairobiAt(due, "11:00"));
    await Promise.all([runCron(nairobiAt(due, "17:55")), runCron(nairobiAt(due, "17:55"))]);
    expect(await planPrompts(plan.reference)).toHaveLength(1);
    expect(await mailsOf(order.order_id, "mpesa-plan-due")).toHaveLength(1);
    await Promise.all([runCron(nairobiAt(day2, "09:05")), runCron(nairobiAt(day2, "09:10"))]);
    expect(await planPrompts(plan.reference)).toHaveLength(2);
  }, 60_000);

  it("unpaid on the due date, day 2 and day 5, the plan is past due on day 6 and the owner and buyer are told", async () => {
    const { plan, order, buyer } = await startPlan();
    const { due, day2, day3, day5, day6 } = dueDays(plan);
    // Each day in order, the phone's answer to that day's prompt (null: no prompt is due that day).
    const days: [string, number | null][] = [
      [due, 1],
      [day2, 1037],
      [day3, null],
      [addDays(due, 3), null],
      [day5, 2001],
    ];
    for (const [day, code] of days) {
      const before = (await planPrompts(plan.reference)).length;
      await runCron(nairobiAt(day, "10:00"));
      const prompts = await planPrompts(plan.reference);
      expect(prompts, day).toHaveLength(code === null ? before : before + 1);
      if (code !== null) await answer(prompts.at(-1) ?? { checkout_request_id: "" }, code);
      await runCron(nairobiAt(day, "16:00"));
      expect(await planPrompts(plan.reference)).toHaveLength(prompts.length);
      expect((await planRow(plan.subscription_id))?.status).toBe("active");
    }
    expect(await planPrompts(plan.reference)).toHaveLength(3);
    expect(await dueMonth(plan.subscription_id)).toMatchObject({ status: "due", tries: 3, failures: 3 });
    expect(await mailsOf(order.order_id, "mpesa-plan-due")).toHaveLength(3);

    await runCron(nairobiAt(day6, "09:05"));
    expect(await planRow(plan.subscription_id)).toMatchObject({ status: "past_due" });
    expect((await dueMonth(plan.subscription_id))?.status).toBe("past_due");
    const [toBuyer] = await mailsOf(order.order_id, "mpesa-plan-past-due");
    const [toOwner] = await mailsOf(order.order_id, "owner-mpesa-plan-past-due");
    expect(toBuyer?.recipient).toBe(buyer.email);
    expect(toOwner?.recipient).toBe(TEST_OWNER_EMAIL);
    expect(toOwner?.payload).toContain(plan.reference);

    // Past due: no more prompts or e-mails, however often the cron runs.
    await runCron(nairobiAt(day6, "15:00"));
    await runCron(nairobiAt(addDays(due, 9), "10:00"));
    expect(await planPrompts(plan.reference)).toHaveLength(3);
    expect(await mailsOf(order.order_id, "mpesa-plan-past-due")).toHaveLength(1);
    expect(await linesOf(plan.subscription_id)).toHaveLength(1);

    // The buyer pays from the past-due e-mail's link: the plan is active again, paid a month on.
    const key = new URL(JSON.parse(toBuyer?.payload ?? "{}").payUrl as string).searchParams.get("k") ?? "";
    expect((await postForm("/billing/plan/pay", { k: key })).status).toBe(200);
    await answer((await planPrompts(plan.reference)).at(-1) ?? { checkout_request_id: "" }, 0);
    const month = await dueMonth(plan.subscription_id);
    expect(month?.status).toBe("paid");
    expect(await planRow(plan.subscription_id)).toMatchObject({ status: "active", next_due_on: month?.period_end });
  }, 90_000);

  it("a prompt cancelled on the phone is no failure: the month stays due and the next try is day 2", async () => {
    const { plan } = await startPlan();
    const { due, day2 } = dueDays(plan);
    await runCron(nairobiAt(due, "09:30"));
    const [first] = await planPrompts(plan.reference);
    await answer(first ?? { checkout_request_id: "" }, 1032);
    expect(await dueMonth(plan.subscription_id)).toMatchObject({
      status: "due",
      failures: 0,
      last_result_code: 1032,
    });
    expect((await planRow(plan.subscription_id))?.status).toBe("active");
    await runCron(nairobiAt(day2, "09:30"));
    const prompts = await planPrompts(plan.reference);
    expect(prompts).toHaveLength(2);
    await answer(prompts[1] ?? { checkout_request_id: "" }, 0);
    expect((await dueMonth(plan.subscription_id))?.status).toBe("paid");
  }, 60_000);

  it("prices the month in shillings at the owner's rate on the day it opens, and keeps it for the month", async () => {
    const { plan } = await startPlan();
    const { due, day2 } = dueDays(plan);
    await env.DB.prepare(
      "INSERT OR REPLACE INTO settings (key, value, updated_by) VALUES ('kes_rate', '141.37', 'owner@test')",
    ).run();
    try {
      await runCron(nairobiAt(due, "09:05"));
      await env.DB.prepare("UPDATE settings SET value = '150.00' WHERE key = 'kes_rate'").run();
      const [first] = await planPrompts(plan.reference);
      expect(first?.amount_kes).toBe(kesAmount(STARTER_CENTS, 14_137));
      await answer(first ?? { checkout_request_id: "" }, 1);
      await runCron(nairobiAt(day2, "09:05"));
      const [, second] = await planPrompts(plan.reference);
      expect(second?.amount_kes).toBe(kesAmount(STARTER_CENTS, 14_137));
    } finally {
      await env.DB.prepare("DELETE FROM settings WHERE key = 'kes_rate'").run();
    }
  }, 60_000);

  it("its e-mails say what is due and how to pay: the prompt's number in part, the link, and the paybill when set", async () => {
    const { plan, order } = await startPlan();
    await setPaymentDetails({ paybill: "522533" });
    try {
      await runCron(nairobiAt(plan.next_due_on, "09:05"));
    } finally {
      await clearPaymentDetails();
    }
    const [row] = await mailsOf(order.order_id, "mpesa-plan-due");
    const data = JSON.parse(row?.payload ?? "{}");
    const mail = mailKinds["mpesa-plan-due"].render(data, { company });
    expect(row?.subject).toBe("Your Starter plan: this month's payment is due");
    expect(mail.text).toContain(`your M-Pesa number ending ${plan.phone.slice(-3)}`);
    expect(mail.text).toContain(`Paybill 522533, account number ${plan.reference}`);
    expect(mail.text).toContain(data.payUrl);
    expect(mail.html).toContain(`href="${data.payUrl}"`);
    expect(mail.text).not.toContain(plan.phone);
    expect(`${mail.text}${mail.html}`).not.toMatch(/undefined|null|\[|\]/);
  }, 30_000);
});
