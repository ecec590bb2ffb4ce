/** The owner's notice e-mails about orders and subscriptions: what happened, and the facts' labels. */
export const ownerNoticeCopy = {
  summaries: {
    orderReview: "Stripe's record of this order's payment does not match the order. It was not marked paid.",
    lateMpesa:
      "M-Pesa confirmed a payment for a prompt we had already marked failed. It is in the ledger, marked for review, and the order is held for you: no e-mail went to the buyer.",
    cancelScheduled: "The customer asked to cancel their subscription; it ends at the end of the current period.",
    canceled: "The subscription has ended; no further renewals will be charged.",
    renewalFailed:
      "A monthly renewal could not be charged. Stripe retries it; the customer was asked to update their card.",
    invoiceReview:
      "Stripe recorded an invoice that does not match this subscription's plan. It is in the ledger, marked for review.",
    datesReview:
      "Stripe sent dates for this subscription that cannot be right. They were not stored; the subscription is marked for review.",
  },
  labels: {
    customer: "Customer",
    email: "E-mail",
    phone: "Phone",
    subscription: "Subscription",
    invoice: "Invoice",
    amount: "Amount",
    orderTotal: "Order total",
    orderReference: "Order reference",
    endsOn: "Ends on",
    canceledOn: "Canceled on",
    stripeSaid: "What Stripe said",
    mpesaReceipt: "M-Pesa receipt",
    mpesaSaid: "What happened",
  },
} as const;
