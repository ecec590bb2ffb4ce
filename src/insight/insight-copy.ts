/**
 * The words of the owner's view of the funnel (/admin/insight, docs/insight.md) and of its line in
 * the daily digest.
 */

const count = (n: number): string => n.toLocaleString("en-GB");
const plural = (n: number, one: string, many: string): string => `${count(n)} ${n === 1 ? one : many}`;

/**
 * What M-Pesa's ResultCode of a prompt means, as Daraja documents it (STK push results): a code
 * not listed here is shown as "Other".
 */
const resultCodes: Record<string, string> = {
  "0": "Paid",
  "1": "Not enough money on the buyer's M-Pesa",
  "1001": "Busy: the buyer had another M-Pesa transaction open",
  "1019": "Expired before the buyer answered",
  "1032": "Cancelled by the buyer",
  "1037": "The buyer's phone could not be reached",
  "2001": "Wrong M-Pesa PIN",
};

export const insightCopy = {
  /** The back office's name for the page, in its navigation. */
  nav: "Insight",
  title: "Insight",
  lead: "Who came to the site, where from, and how far they got. Counted without cookies or any id that outlives the day; bots are left out. Days are Nairobi's.",
  periods: {
    label: "Period",
    names: { 1: "Today", 7: "Last 7 days", 30: "Last 30 days" } as Record<number, string>,
    since: (from: string) => `Since ${from} (Nairobi time).`,
  },
  unavailable: {
    reasons: {
      not_configured:
        "The visitor numbers are not configured: set ANALYTICS_ACCOUNT_ID and ANALYTICS_API_TOKEN (a Cloudflare API token with Account Analytics Read) to see them. Revenue below is read from the payments ledger and is complete.",
      unreachable:
        "The visitor numbers could not be read just now: Cloudflare's Analytics Engine did not answer. Try again in a minute. Revenue below is read from the payments ledger and is complete.",
      refused:
        "The visitor numbers could not be read: Cloudflare's Analytics Engine refused the request. Check that ANALYTICS_API_TOKEN has Account Analytics Read on ANALYTICS_ACCOUNT_ID. Revenue below is read from the payments ledger and is complete.",
    },
    detail: (message: string) => `Detail: ${message}`,
  },
  funnel: {
    heading: "Funnel",
    lead: "Each step's share is of the step before it. A visitor is one browser on one network for one day.",
    steps: {
      visitors: "Visitors",
      carts: "Added to cart",
      quotes: "Saved a quote",
      checkouts: "Started checkout",
      paid: "Paid",
    },
    detail: {
      visitors: (events: number) => plural(events, "page view", "page views"),
      carts: (events: number) => plural(events, "addition", "additions"),
      quotes: (events: number) => plural(events, "quote saved", "quotes saved"),
      checkouts: (events: number) => plural(events, "checkout started", "checkouts started"),
      paid: (failed: number) => `${plural(failed, "payment", "payments")} failed`,
    },
    unit: {
      visitors: (n: number) => (n === 1 ? "visitor" : "visitors"),
      carts: (n: number) => (n === 1 ? "visitor" : "visitors"),
      quotes: (n: number) => (n === 1 ? "visitor" : "visitors"),
      checkouts: (n: number) => (n === 1 ? "visitor" : "visitors"),
      paid: (n: number) => (n === 1 ? "payment" : "payments"),
    },
    conversion: (share: string) => `${share} of the step before`,
    noConversion: "—",
    noConversionWhy: "none at the step before",
    byChannel: "By channel",
  },
  channels: { card: "Card", mpesa: "M-Pesa", paybill: "Paybill", bank: "Bank transfer" } as Record<string, string>,
  pages: {
    heading: "Top pages",
    caption: "The most viewed pages, with their views and visitors",
    columns: { label: "Page", views: "Views", visitors: "Visitors" },
    empty: "No page views in this period.",
  },
  referrers: {
    heading: "Top referrers",
    caption: "The sites visitors came from, with the views and visitors they sent",
    columns: { label: "Site", views: "Views", visitors: "Visitors" },
    empty: "No visitor came from another site in this period.",
  },
  countries: {
    heading: "Countries",
    caption: "The countries visitors came from, with their views and visitors",
    columns: { label: "Country", views: "Views", visitors: "Visitors" },
    empty: "No page views in this period.",
    unknown: "Unknown",
  },
  resultCodes: {
    heading: "M-Pesa prompts",
    lead: "How each M-Pesa payment prompt ended, by M-Pesa's result code.",
    caption: "M-Pesa result codes of the period's prompts, with what each means and how often it came",
    columns: { code: "Code", meaning: "Meaning", payments: "Prompts" },
    empty: "No M-Pesa prompt ended in this period.",
    meaning: (code: string) => resultCodes[code] ?? "Other",
    noCode: "(none)",
  },
  revenue: {
    heading: "Revenue by channel",
    lead: "Read from the payments ledger, not from the visitor counts: every paid payment recorded in the period, and what has been refunded of them since.",
    caption: "Payments recorded in the period by channel and currency, with their total and refunds",
    columns: { channel: "Channel", currency: "Currency", payments: "Payments", paid: "Paid", refunded: "Refunded" },
    providers: {
      stripe: "Card",
      mpesa_express: "M-Pesa Express",
      mpesa_paybill: "M-Pesa paybill",
      bank_transfer: "Bank transfer",
    } as Record<string, string>,
    empty: "No payment was recorded in this period.",
    unavailable: "The payments ledger could not be read just now. Try again in a minute.",
  },
  badPeriod: {
    title: "No such period",
    message: "The insight page shows today, the last 7 days or the last 30 days.",
    back: "Back to the last 7 days",
  },
  digest: {
    line: (visitors: number, checkouts: number, payments: number) =>
      `Yesterday: ${plural(visitors, "visitor", "visitors")}, ${plural(checkouts, "checkout started", "checkouts started")}, ${plural(payments, "payment", "payments")}.`,
    unreadable: (why: string) => `Yesterday's visitors, checkouts and payments could not be read (${why}).`,
  },
  count,
};
