import { paths } from "../paths.ts";

/** /billing: a buyer asks for a one-time link to Stripe's billing portal. */
export const billingCopy = {
  meta: {
    title: "Manage Your Subscription",
    description: "Update your card, see your invoices or cancel your monthly plan.",
  },
  title: "Manage Your Subscription",
  intro:
    "Enter the e-mail address you used at checkout. We'll e-mail you a secure link to Stripe's billing portal, where you can update your card, see your invoices, change or cancel your plan; or, for a plan paid by M-Pesa, to its page here, where you can change the number its prompts go to or cancel it.",
  policy:
    "Cancel with 30 days' notice. Upgrades take effect immediately; downgrades at the start of the next billing cycle.",
  emailLabel: "Email",
  submit: "Send me a link",
  invalidEmail: "Enter the e-mail address you used at checkout, like name@company.com.",
  sent: {
    title: "Check Your E-mail",
    text: "If that address has a subscription with us, a link to manage it is on its way. The link works once, for 30 minutes.",
    again: "Didn't get it? Check your spam folder, or ask again in a few minutes.",
  },
  link: {
    title: "This Link No Longer Works",
    unknown: "This link is not valid. Ask for a new one below.",
    expired: "This link has expired. Links work for a limited time: ask for a new one below.",
    used: "This link has already been used. Each link works once: ask for a new one below.",
    ask: "Ask for a new link",
  },
  open: {
    title: "Manage Your Subscription",
    text: "Continue to Stripe's secure billing portal to update your card, see your invoices, change or cancel your plan.",
    button: "Open the billing portal",
    /** A monthly plan paid by M-Pesa: its page is ours. */
    plan: {
      text: "Continue to your M-Pesa plan's page to see it, change the number its prompts go to, or cancel it.",
      button: "Open my plan",
    },
  },
  ready: {
    title: "Your Billing Portal Is Ready",
    text: "Stripe hosts the portal securely. The link works for a few minutes; if it has expired, ask for a new one.",
    link: "Continue to the billing portal",
  },
  unavailable: {
    title: "Billing Is Unavailable",
    text: "We couldn't open the billing portal just now. Please try again in a few minutes, or contact us.",
  },
  tooMany: "Too many requests from your connection. Please wait a minute and try again.",
  busy: "Billing links are in unusual demand and paused for a minute. Please try again shortly.",
  fromOrder: {
    button: "Manage your subscription",
    expired: "For your security, this button works for a day after checkout. Ask for a link by e-mail instead.",
  },
  back: { label: "Back to Home", href: paths.home },
} as const;
