/**
 * The back office's People section (issue 25): finding everything held about one person, exporting
 * it and erasing what we are not obliged to keep, and the list of those requests.
 */
import type { ErasureCounts } from "./person-erasure-queries.ts";

export const peopleCopy = {
  nav: "People",
  title: "People",
  heading: "People",
  lead: "Find everything we hold about one person by their e-mail address, to answer a request to see, export or erase their data. Addresses that provably reach the same mailbox count as one person: any case, dots and a +tag in a Gmail address, a +tag at Fastmail and Proton Mail. Other spellings that may be theirs are listed for you to tick.",
  search: {
    label: "Find a person",
    field: "E-mail address",
    hint: "The address the person wrote to us from, or any way of writing it.",
    submit: "Find",
    invalid: "Write one e-mail address, like name@example.com.",
  },
  found: {
    heading: (address: string) => `What we hold about ${address}`,
    addresses: "Addresses held",
    nothing: "We hold nothing about this address: no orders, quotes, messages, e-mails or billing links.",
    truncated:
      "There is more than one page can show (at most 500 of each kind): the export holds what is listed here, and the erasure erases everything held under these addresses, listed or not.",
    candidates: {
      heading: "Possibly the same person",
      explain:
        "These addresses differ only by a +tag at a provider that does not document that a +tag reaches the same mailbox: they may be another person's. Tick those the person has shown are theirs; what is held under them is then listed above, exported and erased with the rest, and each one ticked is recorded.",
      submit: "Show with the ticked addresses",
      cut: (shown: number) =>
        `There are more such addresses than the ${shown} listed: search for any other one on its own.`,
    },
    included: "Also included, as ticked",
    kinds: {
      orders: "Orders",
      payments: "Payments",
      paybillPayments: "Paybill payments",
      refunds: "Refunds",
      receipts: "Receipts",
      subscriptions: "Subscriptions",
      mpesaPlans: "M-Pesa plans",
      quotes: "Quotes",
      messages: "Messages",
      emails: "E-mails",
      billingLinks: "Billing links",
      audit: "Back-office records",
    },
    columns: { when: "When", what: "What", detail: "Detail" },
    accepted: "accepted",
    notAccepted: "never accepted",
    cleared: "body cleared",
    nextDue: (day: string) => `next due ${day}`,
  },
  exporting: {
    heading: "Export (portability)",
    explain:
      "One JSON file with everything listed above, in the structure described in docs/privacy-operations.md. Send it to the person; the request is recorded.",
    submit: "Download the export",
  },
  erasing: {
    heading: "Erase",
    deleted:
      "Deleted: their messages, quotes they never accepted, billing links, finished M-Pesa prompts and the content of every e-mail to or about them.",
    kept: "Kept for 7 years after the last payment, as the law and our privacy policy require: orders, payments, receipts and accepted quotes, with their name, company, KRA PIN, city and country. Their e-mail address, phone and street address are removed from them.",
    confirm: "Type the address again to confirm",
    confirmHint: "Erasing cannot be undone.",
    submit: "Erase this person's data",
    blocked: {
      subscription: (id: string) =>
        `Not now: subscription ${id} is still running, so the client relationship goes on. Cancel it first, then erase.`,
      prompt: (id: string) =>
        `Not now: an M-Pesa payment (${id}) is waiting for the buyer. Try again in a few minutes, when it has ended.`,
    },
  },
  refused: {
    title: "Nothing was erased",
    confirmMismatch:
      "The confirmation did not match the address. Type the same address in both places; nothing was erased.",
    invalid: "That is not an e-mail address; nothing was exported or erased.",
    unknownSpelling:
      "An address ticked as the same person is not one of the addresses listed for them (the list may have changed). Search again; nothing was exported or erased.",
    back: "Back to People",
  },
  done: {
    erased: "Erased. The request and what was done are recorded below.",
  },
  records: {
    /** After what a request found, when a kind held more than one request reads. */
    cut: " (more than 500 of a kind: the counts are of those read)",
  },
  requests: {
    heading: "Data requests",
    explain:
      "Every export and erasure, and every request logged or answered, newest first, with who did it and what was done: the record to show the Data Commissioner. A person is named by the first letter of their address and its domain.",
    none: "No requests yet.",
    columns: { when: "When", request: "Request", person: "Person", by: "By", outcome: "Outcome" },
    actions: {
      "person.exported": "Export",
      "person.erased": "Erasure",
      "person.erase_refused": "Erasure refused",
      "person.request_logged": "Request logged",
      "person.request_closed": "Request answered",
    } as Record<string, string>,
  },
} as const;

/** One line for the request log: what an erasure changed. */
export function erasureOutcome(c: ErasureCounts): string {
  return [
    `${c.messages} messages, ${c.quotesDeleted} quotes, ${c.billingLinks} billing links and ${c.prompts} M-Pesa prompts deleted`,
    `${c.emailsCleared} e-mails cleared`,
    `${c.ordersKept} orders, ${c.paymentsKept} payments and ${c.quotesKept} accepted quotes kept without contact details`,
  ].join("; ");
}

/** After a request's outcome: how many other spellings the owner ticked as the same person. */
export function ticksOutcome(ticked: number): string {
  if (ticked === 0) return "";
  return `; with ${ticked} other ${ticked === 1 ? "address" : "addresses"} ticked as the same person`;
}
