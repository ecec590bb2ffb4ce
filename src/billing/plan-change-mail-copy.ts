/** The e-mails of a plan change made in Stripe's customer portal: the owner's notice and the buyer's confirmation. */

export type PlanChangeKind = "changed" | "scheduled";

const intervalWords = { month: "monthly", year: "yearly" } as const;

/** "Business, yearly": a plan of our catalogue and how often it bills. */
export const planLabel = (name: string, interval: "month" | "year" | null): string =>
  interval ? `${name}, ${intervalWords[interval]}` : name;

export const planChangeMailCopy = {
  owner: {
    headline: "Subscription plan change",
    summaries: {
      changed: "A subscriber changed plan in the billing portal; it applies now.",
      scheduled: "A subscriber scheduled a plan change in the billing portal; it applies at the end of the period.",
    } satisfies Record<PlanChangeKind, string>,
    labels: {
      from: "From",
      to: "To",
      changedOn: "Changed on",
      appliesOn: "Applies on",
    },
    /** A price no plan of our catalogue names (the schedule's Stripe price id follows). */
    unknownPlan: "a price not in our catalogue",
  },
  buyer: {
    subject: {
      changed: "Your plan has changed",
      scheduled: "Your plan change is scheduled",
    } satisfies Record<PlanChangeKind, string>,
    greeting: "Hello,",
    changed: (from: string, to: string, on: string) =>
      `Your subscription has moved from ${from} to ${to} on ${on}. Any difference for the current period is charged or credited on your invoice.`,
    scheduled: (from: string, to: string, on: string) =>
      `Your subscription will move from ${from} to ${to} on ${on}, at the end of the period you have paid for. Until then nothing changes.`,
    manage: "You can see your invoices or change your plan again from the billing page on our website.",
    notYou: "If you did not make this change, reply to this e-mail or contact us straight away.",
  },
} as const;
