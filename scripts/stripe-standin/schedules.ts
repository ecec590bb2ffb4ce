// Subscription schedules as the customer portal makes them for a change that waits for the period
// end: phase one keeps the current price until then, phase two has the new price.
import { fixture } from "./fixtures.ts";
import type { Recurring } from "./params.ts";

export type SchedulePhase = {
  start: number;
  end: number;
  price: string;
  quantity: number;
  currency: string;
};

export type StoredSchedule = {
  id: string;
  created: number;
  customer: string;
  subscription: string;
  status: "active" | "released";
  phases: [SchedulePhase, SchedulePhase];
  releasedAt: number | null;
};

/** The price the second phase moves to, with what the subscription item needs to carry it. */
export type PhasePrice = {
  price: string;
  product: string;
  name: string;
  unitAmount: number;
  currency: string;
  recurring: Recurring;
  lookupKey: string | null;
  priceMetadata: Record<string, string>;
};

export function scheduleJson(schedule: StoredSchedule) {
  const example = fixture("subscription_schedule");
  const active = schedule.status === "active";
  const [exampleSettings, [examplePhase]] = [example.default_settings, example.phases];
  return {
    ...example,
    id: schedule.id,
    canceled_at: null,
    completed_at: null,
    created: schedule.created,
    current_phase: active ? { end_date: schedule.phases[0].end, start_date: schedule.phases[0].start } : null,
    customer: schedule.customer,
    default_settings: {
      ...exampleSettings,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_thresholds: null,
      invoice_settings: { ...exampleSettings.invoice_settings, issuer: { type: "self" } },
      transfer_data: null,
    },
    end_behavior: "release",
    livemode: false,
    metadata: {},
    phases: schedule.phases.map((phase) => ({
      ...examplePhase,
      billing_thresholds: null,
      currency: phase.currency,
      end_date: phase.end,
      invoice_settings: null,
      items: [
        {
          billing_thresholds: null,
          discounts: [],
          metadata: {},
          plan: phase.price,
          price: phase.price,
          quantity: phase.quantity,
          tax_rates: [],
        },
      ],
      start_date: phase.start,
      transfer_data: null,
    })),
    released_at: schedule.releasedAt,
    released_subscription: active ? null : schedule.subscription,
    status: schedule.status,
    subscription: active ? schedule.subscription : null,
    billing_mode: { flexible: null, type: "classic" },
  };
}
