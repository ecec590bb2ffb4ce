import { company } from "../site/company-copy.ts";

/** The quote endpoint's answers, in words a buyer can act on. */
export const quoteApiMessages = {
  unsupported: "Send the quote request as JSON or as a form.",
  tooLarge: "The quote request is too large. Please remove some services and try again.",
  malformed: "The quote request could not be read. Please try again from the quote page.",
  rateLimited: "Too many quotes from your network. Please wait a minute and try again.",
  hourlyLimit: `You have made as many quotes as we prepare for one connection in an hour. Please try again later, or e-mail us at ${company.emails.general.display}.`,
  busy: `Quotes are in unusual demand and paused for a minute. Please try again shortly, or e-mail us at ${company.emails.general.display}.`,
  notText: "The form sent characters that are not valid text. Please retype the details and try again.",
  viewRateLimited: "Too many requests for quotes from your network. Please wait a minute and try again.",
  invalid: (problems: string) => `Please correct the quote details: ${problems}.`,
  noServices: "Select at least one service to get a quote.",
  tooManyServices: (max: number) => `A quote holds at most ${max} different services.`,
  storeFailed: "We could not prepare your quote just now. Please try again in a moment.",
  methodNotAllowed: "Use POST to request a quote.",
  /** The HTML page's heading and way back, for a form posted without JavaScript. */
  page: {
    title: "Your quote could not be prepared",
    description: "What went wrong with the quote request.",
    back: "Back to the services",
  },
};
