// POST /v1/subscriptions/:id (a price change), GET /v1/subscription_schedules/:id and
// POST /v1/subscription_schedules/:id/release, and the portal's plan switch, which shares them.
import type { Billing } from "./billing.ts";
import type { Catalogue } from "./catalogue.ts";
import { found, invalidRequest, missingParam } from "./errors.ts";
import { type FormObject, parseForm } from "./form.ts";
import { allowOnly, object, oneOf, requiredString } from "./params.ts";
import { phasePrice, planOptions, waitsForPeriodEnd } from "./plan-changes.ts";
import type { StoredConfiguration } from "./portal-configurations.ts";
import { scheduleJson } from "./schedules.ts";
import { type StoredSubscription, subscriptionJson } from "./subscriptions.ts";
import type { RecordedEvent } from "./webhooks.ts";

export type SubscriptionDeps = { billing: Billing; catalogue: Catalogue };

type Request = { method: string; url: URL; body: string };

const ID = "([A-Za-z0-9_]+)";

const PRORATION_BEHAVIORS = ["always_invoice", "create_prorations", "none"] as const;

/** Answers a subscription or schedule call, or null when the path is not one of them. */
export async function subscriptionApi(deps: SubscriptionDeps, request: Request): Promise<unknown | null> {
  const { method, url } = request;
  const route = (verb: string, pattern: string) =>
    method === verb ? new RegExp(`^/v1/${pattern}$`).exec(url.pathname) : null;
  let match = route("POST", `subscriptions/${ID}`);
  if (match?.[1]) return updateSubscription(deps, match[1], parseForm(request.body));
  match = route("GET", `subscription_schedules/${ID}`);
  if (match?.[1]) return scheduleJson(found(deps.billing.schedule(match[1]), "subscription_schedule", match[1]));
  match = route("POST", `subscription_schedules/${ID}/release`);
  if (match?.[1]) {
    allowOnly(parseForm(request.body), [], "");
    const schedule = found(deps.billing.schedule(match[1]), "subscription_schedule", match[1]);
    await deps.billing.releaseSchedule(schedule);
    return scheduleJson(schedule);
  }
  return null;
}

/**
 * `items[0][id]` and `items[0][price]` move the item to another price. `create_prorations` (Stripe's
 * default) would leave the proration for the next invoice; the stand-in keeps no pending invoice
 * items, so it charges nothing now, as `none` does.
 */
async function updateSubscription(deps: SubscriptionDeps, id: string, form: FormObject) {
  allowOnly(form, ["items", "proration_behavior"], "");
  const subscription = found(deps.billing.subscription(id), "subscription", id);
  const behavior =
    form.proration_behavior === undefined
      ? "create_prorations"
      : oneOf(form.proration_behavior, PRORATION_BEHAVIORS, "proration_behavior");
  if (form.items === undefined) return subscriptionJson(subscription);
  if (!Array.isArray(form.items) || form.items.length !== 1) {
    throw invalidRequest("The stand-in changes one item at a time: send items[0] only.", "items");
  }
  const item = object(form.items[0] ?? {}, "items[0]");
  allowOnly(item, ["id", "price"], "items[0]");
  const itemId = requiredString(item, "id", "items[0][id]");
  if (!subscription.items.some((i) => i.id === itemId)) {
    throw invalidRequest(`No such subscription item: '${itemId}'`, "items[0][id]", "resource_missing");
  }
  if (item.price === undefined) throw missingParam("items[0][price]");
  const priceId = requiredString(item, "price", "items[0][price]");
  if (subscription.schedule) {
    throw invalidRequest(
      `The subscription is managed by the subscription schedule \`${subscription.schedule}\`: release it first.`,
    );
  }
  const target = targetPrice(deps, subscription, priceId, "items[0][price]");
  await deps.billing.changePrice(subscription, target, behavior === "always_invoice" ? "always_invoice" : "none");
  return subscriptionJson(subscription);
}

function targetPrice(deps: SubscriptionDeps, subscription: StoredSubscription, priceId: string, param: string) {
  const price = deps.catalogue.price(priceId);
  if (!price) throw invalidRequest(`No such price: '${priceId}'`, param, "resource_missing");
  const target = price.active ? phasePrice(deps.catalogue, price) : null;
  if (!target) throw invalidRequest(`The price ${priceId} is archived or not recurring.`, param);
  if (target.currency !== subscription.currency) {
    throw invalidRequest(
      `The price ${priceId} is in ${target.currency}, the subscription in ${subscription.currency}.`,
      param,
    );
  }
  return target;
}

/**
 * The portal's plan switch: only a price its configuration offers; per the configuration, now
 * (prorated as it says) or at the period end (a schedule). A change waiting is dropped when the
 * subscriber picks another price to take effect now.
 */
export async function switchPlan(
  deps: SubscriptionDeps,
  configuration: StoredConfiguration | undefined,
  subscription: StoredSubscription,
  priceId: string,
): Promise<RecordedEvent[]> {
  if (!planOptions(configuration, deps.catalogue).some((o) => o.price === priceId) || !configuration) {
    throw invalidRequest(`This portal does not offer the price ${priceId}.`, "price");
  }
  const target = targetPrice(deps, subscription, priceId, "price");
  const [item] = subscription.items;
  if (!item) throw invalidRequest(`Subscription ${subscription.id} has no item.`);
  const update = configuration.features.subscription_update;
  const conditions = update.schedule_at_period_end.conditions.map((c) => c.type);
  if (waitsForPeriodEnd(conditions, item, target)) return deps.billing.schedulePrice(subscription, target);
  const waiting = deps.billing.schedule(subscription.schedule ?? "");
  const released = waiting ? await deps.billing.releaseSchedule(waiting) : [];
  const behavior = update.proration_behavior === "always_invoice" ? "always_invoice" : "none";
  const { events } = await deps.billing.changePrice(subscription, target, behavior);
  return [...released, ...events];
}
