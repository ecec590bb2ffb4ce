/**
 * The e-mails of a monthly plan paid by M-Pesa (docs/mpesa-plans.md): to the buyer (started, a month
 * due, paid, past due, the link to manage it) and to the owner. Only our words, our plan names,
 * amounts, dates and the plan's reference: nothing a visitor typed.
 */
import { formatKes } from "../lib/kes.ts";

/** "the number ending 678": enough for the buyer to know which phone, without the number in the mail. */
const phoneEnding = (last3: string) => `your M-Pesa number ending ${last3}`;

const paybillLine = (paybill: string, reference: string, kes: number) =>
  `Or pay by Lipa na M-Pesa: Paybill ${paybill}, account number ${reference}, amount ${formatKes(kes)}.`;

export const mpesaPlanMailCopy = {
  greeting: "Hello,",
  labels: {
    plan: "Plan",
    reference: "Reference",
    month: "Month",
    amount: "Amount",
    nextDue: "Next payment due",
  },
  manage: "To change the number the prompts go to, or to cancel, ask for a link on our billing page:",
  manageLabel: "Manage your plan",
  started: {
    subject: (plan: string) => `Your ${plan} plan is active`,
    headline: "Your monthly plan is active",
    intro: (plan: string, nextDue: string) =>
      `Thank you: your ${plan} plan is paid by M-Pesa. Your next payment is due on ${nextDue}.`,
    how: "On each due date we send an M-Pesa prompt to your phone for that month, in shillings at our rate that day, and an e-mail with a link to pay if you miss it. Nothing is taken without your PIN.",
  },
  due: {
    subject: (plan: string, attempt: number) =>
      attempt === 1 ? `Your ${plan} plan: this month's payment is due` : `Reminder: your ${plan} plan payment is due`,
    headline: (attempt: number) => (attempt === 1 ? "This month's payment is due" : "Your payment is still due"),
    intro: (plan: string, period: string, kes: number) =>
      `Your ${plan} plan's month ${period} is due: ${formatKes(kes)}.`,
    prompted: (last3: string) =>
      `We have sent an M-Pesa prompt to ${phoneEnding(last3)}. Enter your PIN on the phone to pay.`,
    notPrompted: "We could not send an M-Pesa prompt just now: please pay with the link below.",
    payLabel: "Pay by M-Pesa prompt",
    payIntro: "Missed the prompt? This link sends a new one when you ask:",
    paybill: paybillLine,
    schedule: "If it is still unpaid, we try again on the second and the fifth day after the due date.",
  },
  paid: {
    subject: (plan: string) => `Payment received for your ${plan} plan`,
    headline: "Payment received",
    intro: (kes: number, period: string) => `Thank you: we received ${formatKes(kes)} for the month ${period}.`,
    receipt: (number: string) => `Download your receipt ${number} (PDF)`,
    next: (nextDue: string) => `Your next payment is due on ${nextDue}.`,
    ending: (endsOn: string) => `Your plan ends on ${endsOn}, as you asked: no further payments are due.`,
  },
  pastDue: {
    subject: (plan: string) => `Your ${plan} plan payment is overdue`,
    headline: "Your payment is overdue",
    intro: (plan: string, period: string, kes: number) =>
      `We tried three times, but your ${plan} plan's month ${period} (${formatKes(kes)}) is still unpaid, so your plan is now past due. We will not send more prompts.`,
    payLabel: "Pay now by M-Pesa prompt",
    paybill: paybillLine,
    contact: "Once it is paid your plan carries on as before. If you want to stop it, cancel it from our billing page.",
  },
  link: {
    subject: (company: string) => `Your link to manage your M-Pesa plan – ${company}`,
    headline: "Manage your M-Pesa plan",
    intro: (company: string) =>
      `You asked for a link to manage your ${company} plan paid by M-Pesa: change the number its prompts go to, or cancel it.`,
    action: "Manage your plan",
    validity: (validFor: string) =>
      `The link works once, for ${validFor}. After that, ask for a new one on our billing page.`,
  },
  owner: {
    pastDueHeadline: "M-Pesa plan past due",
    pastDue:
      "An M-Pesa plan's month is still unpaid after its three prompts (the due date, day 2 and day 5). The plan is past due: no more prompts are sent, and the buyer was told. It is active again once the month is paid.",
    reviewHeadline: "M-Pesa plan payment to review",
    review: "A payment for an M-Pesa plan is in the ledger, marked for review.",
    labels: {
      reference: "Plan reference",
      month: "Month",
      due: "Due",
      tries: "Prompts sent",
      failures: "Failed (not counting cancels on the phone)",
      lastResult: "Last result",
      phone: "Prompts go to",
      amount: "Amount",
      why: "Why",
    },
  },
} as const;
