import { invoicesAdminCopy } from "../etims/invoices-admin-copy.ts";
import type { MailKind } from "../mail/mail-kinds.ts";
import type { OutboxStatus } from "../mail/outbox.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import { company } from "../site/company-copy.ts";
import { taxCopy } from "../tax/tax-copy.ts";
import { adminSubscriptionsCopy } from "./admin-subscriptions-copy.ts";

/** The back office's sections, as the nav and each page's heading name them. */
import { type AdminSectionName, listCopy } from "./list-copy.ts";

/** The owner's view at /admin: not a public page, never linked, never indexed. */
export const adminCopy = {
  title: `Back office | ${company.name}`,
  /** The page title of a section: "Orders | Back office | Acacia …". */
  sectionTitle: (section: string) => `${section} | Back office | ${company.name}`,
  heading: "Back office",
  badge: "Owner view",
  lead: "Newest first. Times are East Africa Time (Nairobi).",
  /** Orders and subscriptions: where their statuses come from. */
  paymentsLead:
    "Newest first. Times are East Africa Time (Nairobi). Statuses come from Stripe's signed events and from buyers returning to the success page.",
  nav: {
    label: "Back office sections",
    sections: {
      orders: "Orders",
      subscriptions: "Subscriptions",
      quotes: "Quotes",
      messages: "Messages",
      outbox: "E-mails",
      invoices: invoicesAdminCopy.nav,
    } satisfies Record<AdminSectionName, string>,
  },
  signedInAs: "Signed in as",
  search: {
    label: "Search and filter",
    q: "Search",
    qHint: {
      orders: "Name, e-mail, company, KRA PIN, phone, order reference, receipt or M-Pesa code",
      subscriptions: "Name, e-mail, company, phone, subscription id or M-Pesa reference",
      quotes: "Quote number, name, e-mail or company",
      messages: "Name, e-mail, company, phone or #id",
      outbox: "Recipient, subject, kind or #id",
      invoices: invoicesAdminCopy.qHint,
    } satisfies Record<AdminSectionName, string>,
    status: "Status",
    any: "Any",
    from: "From",
    to: "To",
    submit: "Search",
    clear: "Clear filters",
    csv: "Download CSV",
    /** Read after "Download CSV" by screen readers. */
    csvMore: (section: string) => ` of these ${section.toLowerCase()} (every page)`,
  },
  ...listCopy,
  /** Each section's statuses as the filter's options name them. */
  statusLabels: {
    subscriptions: adminSubscriptionsCopy.statusLabels,
    quotes: { valid: "Valid", expired: "Expired" } as Record<string, string>,
    messages: { unanswered: "Not answered", answered: "Answered" } as Record<string, string>,
  },
  history: {
    summary: (n: number) => `History (${n})`,
    actions: {
      "message.answered": "Marked answered",
      "message.unanswered": "Marked not answered",
      "order.note": "Added a note",
      "order.kra_pin": "Changed the buyer's KRA PIN",
      "outbox.resend": "Resent",
      "order.etims_retry": invoicesAdminCopy.history,
      "plan.canceled": "Cancelled the M-Pesa plan",
      "plan.phone_changed": "Changed the M-Pesa plan's phone number",
    } as Record<string, string>,
    by: "by",
  },
  /** Bidirectional control characters, shown as a marker instead of acting on the text around them. */
  bidi: {
    "\u202A": ["LRE", "left-to-right embedding"],
    "\u202B": ["RLE", "right-to-left embedding"],
    "\u202C": ["PDF", "pop directional formatting"],
    "\u202D": ["LRO", "left-to-right override"],
    "\u202E": ["RLO", "right-to-left override"],
    "\u2066": ["LRI", "left-to-right isolate"],
    "\u2067": ["RLI", "right-to-left isolate"],
    "\u2068": ["FSI", "first strong isolate"],
    "\u2069": ["PDI", "pop directional isolate"],
    "\u200E": ["LRM", "left-to-right mark"],
    "\u200F": ["RLM", "right-to-left mark"],
  } as Record<string, readonly [string, string]>,
  orders: {
    heading: "Orders",
    empty: "No orders match.",
    columns: { created: "Created", status: "Status", customer: "Customer", items: "Items", total: "Total" },
    mode: { payment: "One-time payment", subscription: "Subscription (monthly)" },
    perMonth: "/ month",
    reference: "Stripe session",
    review: "Why:",
    payments: {
      label: "Payments",
      paid: "Paid",
      failed: "Failed",
      reasons: {
        checkout: "checkout",
        subscription_create: "first month",
        subscription_cycle: "renewal",
        subscription_update: "plan change",
      } as Record<string, string>,
      attempts: (n: number) => `${n} attempts`,
      /** Before the reason a ledger line is held for review (not the plan's amount or currency, …). */
      review: "needs review:",
    },
    notes: {
      heading: "Private notes",
      label: "Add a private note",
      hint: (max: number) => `Only you see notes. At most ${max.toLocaleString("en-US")} characters.`,
      submit: "Add note",
      by: "by",
    },
    /** The answer when a note is refused. */
    refused: {
      title: "Note not added",
      why: (reason: string) => `${reason}, so it was not added. Nothing was saved.`,
      back: "Back to the order",
    },
    /** The buyer's KRA PIN: shown, and corrected until the order's tax invoice is reported to KRA. */
    kraPin: {
      label: "Buyer's KRA PIN",
      hint: "For their tax invoice. Leave it empty to remove it.",
      shown: taxCopy.kraPin,
      locked: (pin: string) =>
        `Buyer's KRA PIN: ${pin}. The tax invoice is reported to KRA, so it can no longer change.`,
      submit: "Save KRA PIN",
      saved: "The buyer's KRA PIN was saved.",
      /** In the audit row: what it became and what it was. */
      none: "none",
      was: (pin: string, before: string) => `${pin} (was ${before})`,
      refusedTitle: "KRA PIN not saved",
      invalid: (message: string) => `${message}. Nothing was saved.`,
      reported:
        "This order's tax invoice has already been reported to KRA with the PIN it had, so the PIN can no longer be changed here. Nothing was saved.",
      back: "Back to the order",
    },
  },
  quotes: {
    heading: "Quotes",
    empty: "No quotes match.",
    columns: {
      number: "Quote",
      created: "Created",
      validUntil: "Valid until",
      customer: "Customer",
      lines: "Lines",
      due: "Due on acceptance",
      monthly: "Monthly",
    },
    /** Beside a date that has passed. */
    expired: "(expired)",
    perMonth: "/ month",
  },
  messages: {
    heading: "Messages",
    empty: "No messages match.",
    company: "Company",
    phone: "Phone",
    answered: (when: string) => `Answered ${when} by`,
    unanswered: "Not answered yet",
    markAnswered: "Mark answered",
    markUnanswered: "Mark not answered",
    /** Read after the button's words by screen readers: which message it marks. */
    whichMessage: (id: number) => ` (message ${id})`,
  },
  outbox: {
    heading: "E-mails",
    lead: "Every e-mail the site sent or tried to send. A failed one can be sent again.",
    empty: "No e-mails match.",
    columns: {
      created: "Created",
      kind: "E-mail",
      recipient: "To",
      status: "Status",
      attempts: "Attempts",
      related: "About",
      actions: "Actions",
    },
    /** What each kind of e-mail is, as the owner reads it; an unknown kind shows as recorded. */
    kinds: {
      "order-confirmed": "Order confirmation to the buyer",
      "owner-new-order": "New order notice to you",
      "owner-contact": "Contact message to you",
      "contact-ack": "Acknowledgement to the sender",
      "owner-order-review": "Order to review, to you",
      "owner-renewal-failed": "Failed renewal notice to you",
      "owner-cancel-scheduled": "Scheduled cancellation notice to you",
      "owner-subscription-canceled": "Cancellation notice to you",
      "owner-billing-review": "Billing to review, to you",
      "owner-plan-change": "Plan change notice to you",
      "plan-change-confirmed": "Plan change confirmation to the buyer",
      "owner-ceiling": "Traffic ceiling notice to you",
      "owner-alert-mail-failed": "Failed e-mail alert to you",
      "owner-alert-stuck": "Waiting payments alert to you",
      "owner-digest": "Daily summary to you",
      "renewal-failed": "Failed renewal notice to the buyer",
      quote: "Quote to the buyer",
      "owner-quote": "New quote notice to you",
      "billing-link": "Billing portal link to the buyer",
      "tax-invoice": "Tax invoice to the buyer",
      "refund-made": "Refund notice to the buyer",
      "owner-alert-etims": "Tax invoices waiting for KRA, to you",
      "owner-alert-breach": "Breach ODPC deadline alert to you",
      "mpesa-plan-started": "M-Pesa plan started, to the buyer",
      "mpesa-plan-due": "M-Pesa plan month due, to the buyer",
      "mpesa-plan-paid": "M-Pesa plan month paid, to the buyer",
      "mpesa-plan-past-due": "M-Pesa plan past due, to the buyer",
      "mpesa-plan-link": "M-Pesa plan link to the buyer",
      "owner-mpesa-plan-past-due": "M-Pesa plan past due, to you",
      "owner-mpesa-plan-review": "M-Pesa plan payment to review, to you",
      "owner-alert-requests": "Overdue data requests alert to you",
    } satisfies Record<MailKind, string>,
    status: {
      queued: "Queued",
      sent: "Sent",
      failed: "Failed",
      not_configured: "Not configured",
    } satisfies Record<OutboxStatus, string>,
    /** A symbol beside each status word, so statuses differ in shape as well as colour. */
    statusSymbol: {
      queued: "…",
      sent: "✓",
      failed: "✕",
      not_configured: "–",
    } satisfies Record<OutboxStatus, string>,
    subject: "Subject",
    sentAt: "Sent",
    lastError: "Last error",
    order: "Order",
    message: "Message",
    noRecipient: "(no address configured)",
    resend: "Resend",
    /** Shown instead of Resend once the e-mail's content was cleared (retention or erasure). */
    bodyCleared: "Content cleared",
    /** The resend button's accessible name: which e-mail it sends again. */
    resendLabel: (id: number) => `Resend e-mail ${id}`,
  },
  /** The answered form's answer to a post it did not make. */
  answered: {
    title: "Nothing changed",
    invalid: "The form did not say whether the message is answered, so nothing changed.",
    back: "Back to the message",
  },
  /** Answers of the resend form when there is nothing to resend. */
  resend: {
    title: "Nothing resent",
    notFailed: (status: string) =>
      `This e-mail is not failed (it is ${status.toLowerCase()}), so it was not sent again. It may have been resent already.`,
    cleared:
      "This e-mail's content was cleared (by the retention rules or an erasure request), so it cannot be sent again. The record that it was sent stays.",
    back: "Back to the e-mails",
  },
  status: {
    pending: "Checkout opened",
    awaiting_payment: "Awaiting payment",
    paid: "Paid",
    payment_failed: "Payment failed",
    expired: "Expired unpaid",
    no_payment_required: "No payment taken",
    needs_review: "Needs review",
  } satisfies Record<OrderStatus, string>,
  auth: {
    realm: "Acacia admin",
    required: "Sign-in required. This page is for the site owner.",
    tooMany: "Too many sign-in attempts from your connection. Please wait a minute and try again.",
  },
};

/** The owner reads times in Nairobi, whatever the server's clock zone. */
export const ADMIN_TIME_ZONE = "Africa/Nairobi";
