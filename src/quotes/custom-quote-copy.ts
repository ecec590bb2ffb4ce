import { kraPinInput } from "../checkout/checkout-copy.ts";
import { paths } from "../paths.ts";

export const customQuoteMeta = {
  title: "Custom IT Services Quote",
  description:
    "Pick the IT services your business needs, from quick fixes to enterprise projects, and see your quote total instantly.",
};

/** One field of the written quote's details (the dialog, and the form shown without JavaScript). */
export type QuoteFieldCopy = {
  name: "name" | "email" | "company" | "kraPin";
  label: string;
  required: boolean;
  type: "text" | "email";
  autoComplete: string;
  /** Longest value the quote request takes (the checkout form's own bounds). */
  maxLength: number;
  spellCheck?: boolean;
  autoCapitalize?: "characters";
};

/** Name, e-mail, company and KRA PIN: the checkout form's fields a written quote is addressed with. */
export const quoteFields: QuoteFieldCopy[] = [
  { name: "name", label: "Name", required: true, type: "text", autoComplete: "name", maxLength: 200 },
  { name: "email", label: "Email", required: true, type: "email", autoComplete: "email", maxLength: 254 },
  {
    name: "company",
    label: "Company (Optional)",
    required: false,
    type: "text",
    autoComplete: "organization",
    maxLength: 200,
  },
  { name: "kraPin", required: false, type: "text", ...kraPinInput },
];

/** The written quote (PDF) wherever it is offered: /custom-quote's dialog and form, and /checkout. */
export const quotePdfCopy = {
  download: "Download quote (PDF)",
  preparing: "Preparing your quote…",
  downloaded: (number: string) => `Quote ${number} downloaded`,
  /**
   * Shown after every download, whether or not the e-mail went (a mailbox gets a few a day at most):
   * true in both cases, and it tells nobody how many quotes an address has had.
   */
  emailed: (email: string) =>
    `We also e-mail its link to ${email}, unless that address has had several quotes lately. The PDF holds the same link.`,
  failed: "Your quote could not be prepared. Please try again.",
  emptyCart: "Select at least one service for your quote",
};

export const customQuoteCopy = {
  title: "Custom IT Services Quote",
  subtitle: "Select the services you need and get an instant quote",
  noScript:
    "Without JavaScript you can still get a written quote: tick the services you need, then enter your details at the end of the page to download it as a PDF. Paying online needs JavaScript.",
  bar: {
    label: "Your selection",
    selected: (n: number) => `${n} Services Selected`,
    total: "Total",
    /** Under the total when the selection holds a monthly plan (from the pricing page). */
    recurring: (monthly: string) => `then ${monthly}/month`,
    proceed: { label: "Proceed to Checkout", href: paths.checkout },
  },
  /** The dialog the bar's "Download quote (PDF)" opens. */
  dialog: {
    title: "Download a written quote",
    intro: "Who is the quote for? It downloads as a PDF, and we e-mail you a copy.",
    requiredNote: "Fields marked * are required.",
    cancel: "Cancel",
    close: "Close",
  },
  /** The same request as a plain form post, for visitors without JavaScript (below the catalogue). */
  form: {
    legend: "Your written quote (PDF)",
    intro:
      "Tick the services you need above, then tell us who the quote is for. It downloads as a PDF, and we e-mail you a copy.",
    requiredNote: "Fields marked * are required.",
  },
};
