import type { MailKind } from "../mail/kinds.ts";
import type { OutboxStatus } from "../mail/outbox.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import { company } from "./company.ts";

/** The owner's view at /admin: not a public page, never linked, never indexed. */
export const adminCopy = {
  title: `Orders and messages | ${company.name}`,
  heading: "Orders and messages",
  badge: "Owner view",
  lead: "Newest first. Times are East Africa Time (Nairobi). Statuses come from Stripe's signed events and from buyers returning to the success page.",
  /** Shown with the list size when the list is cut off. */
  showingNewest: (n: number) => `Showing the newest ${n}.`,
  orders: {
    heading: "Orders",
    empty: "No orders yet.",
    columns: { created: "Created", status: "Status", customer: "Customer", items: "Items", total: "Total" },
    mode: { payment: "One-time payment", subscription: "Subscription (monthly)" },
    perMonth: "/ month",
    reference: "Stripe session",
    review: "Why:",
    subscription: {
      label: "Subscription",
      renews: (date: string) => `renews ${date}`,
      endsOn: (date: string) => `cancels at period end, ${date}`,
      endedOn: (date: string) => `ended ${date}`,
    },
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
    },
  },
  quotes: {
    heading: "Quotes",
    empty: "No quotes yet.",
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
    empty: "No messages yet.",
    company: "Company",
    phone: "Phone",
  },
  outbox: {
    heading: "E-mails",
    lead: "Every e-mail the site sent or tried to send. A failed one can be sent again.",
    empty: "No e-mails yet.",
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
      "renewal-failed": "Failed renewal notice to the buyer",
      quote: "Quote to the buyer",
      "owner-quote": "New quote notice to you",
      "billing-link": "Billing portal link to the buyer",
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
    /** The resend button's accessible name: which e-mail it sends again. */
    resendLabel: (id: number) => `Resend e-mail ${id}`,
  },
  /** Answers of the resend form when there is nothing to resend. */
  resend: {
    title: "Nothing resent",
    notFailed: (status: string) =>
      `This e-mail is not failed (it is ${status.toLowerCase()}), so it was not sent again. It may have been resent already.`,
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
