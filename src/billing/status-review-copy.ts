/**
 * What the owner reads when Stripe gives a subscription a status this site does not know (Stripe
 * may add one): the review notice's sentence and the reason the back office shows.
 */
export const statusReviewCopy = {
  summary:
    "Stripe gave this subscription a status this site does not know. The last status we knew was kept (a subscription seen for the first time is recorded as incomplete), nothing else was changed by it and the customer was not e-mailed; the subscription is marked for review.",
  /** The status as Stripe wrote it, quoted and cut short: it is Stripe's text, not ours. */
  reason: (status: string) =>
    `Stripe's subscription has the status ${JSON.stringify(status.slice(0, 60))}, which this site does not know; the last known status was kept`,
} as const;
