/** What the security layer tells a visitor: one sentence each, something a person can act on. */
export const securityMessages = {
  crossOrigin:
    "This request was refused because it did not come from this website. Please reload the page and try again.",
  paymentRateLimited: "Too many payment attempts from your network. Please wait a minute and try again.",
  unexpected: "Something went wrong on our side. Please try again in a moment.",
} as const;
