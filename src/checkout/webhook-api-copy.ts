/** What the Stripe webhook endpoint answers; Stripe's dashboard shows it to the owner. */
export const webhookCopy = {
  notConfigured: "Webhooks are not configured on this site.",
  missingSignature: "Missing Stripe-Signature header.",
  badSignature: "The webhook signature could not be verified.",
  malformed: "The webhook payload is not a Stripe event.",
  tooLarge: "The webhook payload is too large.",
  failed: "The event could not be processed; please retry.",
  methodNotAllowed: "Use POST to deliver Stripe events.",
} as const;
