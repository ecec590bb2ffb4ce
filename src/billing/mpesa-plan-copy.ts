/**
 * /billing for a monthly plan paid by M-Pesa (docs/mpesa-plans.md): the plan's own page (reached by
 * an e-mailed one-time link), cancelling it, the number its prompts go to, and a month's pay page.
 */
import { formatKes } from "../lib/kes.ts";
import { mpesaCopy } from "../mpesa/mpesa-copy.ts";

export const mpesaPlanCopy = {
  meta: {
    title: "Your M-Pesa Plan",
    description: "See your monthly plan paid by M-Pesa, change the number its prompts go to, or cancel it.",
  },
  manage: {
    title: "Your M-Pesa Plan",
    intro: (plan: string) => `Your ${plan} plan is paid each month by an M-Pesa prompt on its due date.`,
    labels: {
      reference: "Reference (paybill account number)",
      status: "Status",
      monthly: "Price",
      nextDue: "Next payment due",
      endsOn: "Ends on",
      phone: "Prompts go to",
    },
    monthly: (usd: string) => `${usd} a month, in shillings at our rate on the due date`,
    status: {
      active: "Active",
      past_due: "Past due: a month is unpaid",
      canceled: "Cancelled",
    } as Record<string, string>,
    due: (period: string, kes: number) => `The month ${period} is due: ${formatKes(kes)}.`,
    payNow: "Send the M-Pesa prompt now",
    phoneHeading: "Change the number prompts go to",
    phoneSave: "Save the number",
    phoneSaved: (phone: string) => `Saved: the next prompts go to ${phone}.`,
    cancelHeading: "Cancel your plan",
    cancelAtEnd: (endsOn: string) =>
      `Your plan would end on ${endsOn}, the end of the month you have paid for. No prompt is sent after that.`,
    cancelNow: "A month is unpaid, so your plan would end today, and that month is no longer asked for.",
    cancelButton: "Cancel my plan…",
    ending: (endsOn: string) => `Your plan ends on ${endsOn}, as you asked. No prompt is sent after that.`,
    ended: "This plan has ended. To start a new one, choose a plan on our pricing page.",
    expires: "For your security this page's buttons work once, for 30 minutes: after that, ask for a new link.",
  },
  confirm: {
    title: "Cancel Your Plan?",
    yes: "Yes, cancel my plan",
    no: "Keep my plan",
  },
  canceled: {
    title: "Your Plan Is Cancelled",
    scheduled: (endsOn: string) =>
      `Your plan ends on ${endsOn}, the end of the month you have paid for. You will get no more prompts after that.`,
    ended: "Your plan has ended today. The unpaid month is no longer asked for, and you will get no more prompts.",
  },
  pay: {
    title: "Pay Your Monthly Plan",
    intro: (plan: string, period: string, kes: number) =>
      `Your ${plan} plan's month ${period} is due: ${formatKes(kes)}.`,
    promptTo: (phone: string) => `The prompt goes to the plan's M-Pesa number, ${phone}.`,
    button: (kes: number) => `Send the prompt for ${formatKes(kes)}`,
    paybill: (paybill: string, reference: string, kes: number) =>
      `Or pay by Lipa na M-Pesa: Paybill ${paybill}, account number ${reference}, amount ${formatKes(kes)}.`,
    /** To the billing page, where a one-time link to manage the plan is asked for. */
    manage: "Manage your plan (change its number, or cancel it)",
    sentTitle: "Check Your Phone",
    sent: (kes: number, phone: string) =>
      `We sent an M-Pesa prompt for ${formatKes(kes)} to ${phone}. Enter your PIN on the phone to pay: your receipt comes by e-mail.`,
    sentTo: (phone: string) =>
      `We sent an M-Pesa prompt to ${phone}. Enter your PIN on the phone to pay: your receipt comes by e-mail.`,
    nothingTitle: "Nothing to Pay",
    nothing: "This month is paid, or the plan has ended: there is nothing to pay here.",
    unknownTitle: "This Link Is Not Valid",
    unknown: "This payment link is not valid. Please use the link from your latest e-mail, or contact us.",
  },
  problems: {
    phoneInvalid: mpesaCopy.phoneInvalid,
    malformed: "The form could not be read. Please ask for a new link and try again.",
    tooLarge: "The form is too large.",
    tooMany: "Too many requests from your connection. Please wait a minute and try again.",
    inFlight: "A prompt for this plan is already on its way to the phone. Please wait for it, then try again.",
    phoneBusy: mpesaCopy.phoneBusy,
    clientBusy: "Too many payment prompts were sent from your network this hour. Please try again later.",
    busy: "We are receiving an unusual number of M-Pesa payments. Please try again in a minute.",
    notSent: "The prompt could not be sent just now, and nothing was charged. Please try again in a moment.",
    overLimit: `This is more than M-Pesa takes in one payment. Please contact us to pay it another way.`,
    ended: "This plan has ended: nothing was changed.",
    alreadyCancelled: "This plan is already cancelled or set to end: nothing was changed.",
  },
} as const;
