/** What the security layer tells a visitor it refused: one sentence each, something a person can act on. */
export const refusalCopy = {
  crossOrigin:
    "This request was refused because it did not come from this website. Please reload the page and try again.",
  paymentRateLimited: "Too many payment attempts from your network. Please wait a minute and try again.",
  unexpected: "Something went wrong on our side. Please try again in a moment.",
} as const;

/** Plain-text refusals of /admin: sign-ins refused (why an Access token was refused goes to the log only), bodies too large. */
export const ownerRefusalCopy = {
  refused: "Access denied. Sign in through Cloudflare Access as the site owner.",
  unavailable: "Sign-in is unavailable for a moment. Please try again shortly.",
  tooManyOverall: "Too many sign-in attempts right now. Please wait a minute and try again.",
  bodyTooLarge: "Request body too large.",
};
