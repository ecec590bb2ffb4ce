/** The back office's words about subscriptions: their own section, and their line on an order. */
export const adminSubscriptionsCopy = {
  heading: "Subscriptions",
  empty: "No subscriptions match.",
  columns: {
    status: "Status",
    customer: "Customer",
    order: "Order",
    plan: "Plan",
    dates: "Renews or ends",
    monthly: "Monthly",
  },
  revenue: "Monthly revenue of the active subscriptions in this filter",
  revenueNone: "No active subscriptions in this filter.",
  revenueLine: (amount: string, n: number) =>
    `${amount} / month from ${n} active ${n === 1 ? "subscription" : "subscriptions"}`,
  renews: "Renews",
  ends: "Ends",
  ended: "Ended",
  started: "Started",
  perMonth: "/ month",
  /** Before the reason a subscription is held for review. */
  review: "Needs review:",
  /** "Business, yearly": the plan it bills now, when a subscription event named one of our prices. */
  plan: (name: string, interval: "month" | "year" | null) =>
    interval ? `${name}, ${interval === "year" ? "yearly" : "monthly"}` : name,
  /** "Downgrades to Starter on 1 Feb 2027": a change a schedule applies at the period's end. */
  pending: (change: "upgrade" | "downgrade" | "switch", plan: string | null, on: string) =>
    plan
      ? `${{ upgrade: "Upgrades", downgrade: "Downgrades", switch: "Switches" }[change]} to ${plan} on ${on}`
      : `Changes plan on ${on}`,
  /** A yearly plan in the monthly column: its twelfth, then what it bills a year. */
  perYear: (amount: string) => `${amount} / year`,
  /** Statuses as the filter's options and the list name them; an unknown one shows as Stripe sent it. */
  statusLabels: {
    active: "Active",
    trialing: "Trialing",
    past_due: "Past due",
    unpaid: "Unpaid",
    paused: "Paused",
    incomplete: "Incomplete",
    incomplete_expired: "Incomplete, expired",
    canceled: "Canceled",
    needs_review: "Needs review",
  } as Record<string, string>,
  /** Under the section's heading: where an M-Pesa plan's status comes from. */
  mpesaLead:
    "M-Pesa plans are billed by the site: a prompt on each due date, again on days 2 and 5, then past due until paid.",
  /** How it is paid: Stripe bills a card plan; an M-Pesa plan is ours to bill (docs/mpesa-plans.md). */
  channel: { card: "Card", mpesa: "M-Pesa" },
  /** An M-Pesa plan's paybill account number. */
  reference: "Reference",
  nextDue: "Next due",
  overdue: "Unpaid since",
  /** An M-Pesa plan's months, folded under the plan. */
  history: (n: number) => `History: ${n} ${n === 1 ? "month" : "months"}`,
  monthStatus: {
    due: "Due",
    paid: "Paid",
    past_due: "Past due",
    void: "Not charged (cancelled)",
  } as Record<string, string>,
  /** Prompts sent for a month (none for one paid at checkout or by paybill, which says nothing). */
  prompts: (prompts: number, failures: number) =>
    prompts === 0
      ? ""
      : ` · ${prompts} ${prompts === 1 ? "prompt" : "prompts"}${failures > 0 ? `, ${failures} failed` : ""}`,
  lastResult: "last:",
  /** A subscription's line on its order in the orders section. */
  onOrder: {
    label: "Subscription",
    renews: (date: string) => `renews ${date}`,
    endsOn: (date: string) => `cancels at period end, ${date}`,
    endedOn: (date: string) => `ended ${date}`,
    /** Before the reason a subscription is held for review (dates from Stripe that cannot be right). */
    review: "Needs review:",
  },
};
