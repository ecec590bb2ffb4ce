import type { StoredPortalSession } from "./billing.ts";
import type { StoredCustomer } from "./customers.ts";
import { date, escapeHtml, layout, money } from "./html.ts";
import { priceLabel, waitsForPeriodEnd } from "./plan-changes.ts";
import type { PhasePrice, StoredSchedule } from "./schedules.ts";
import type { StoredSubscription } from "./subscriptions.ts";

/** What the portal configuration offers: the prices to switch to (none: no plan changes). */
export type PortalPlans = {
  plans: PhasePrice[];
  /** When the configuration waits for the period end (`schedule_at_period_end` condition types). */
  conditions: string[];
  schedule: (id: string) => StoredSchedule | undefined;
};

const BANNER =
  '<p class="banner" role="note">TEST billing portal of the local Stripe stand-in. Nothing here charges or refunds anyone.</p>';

const STATUS: Record<StoredSubscription["status"], string> = {
  incomplete: "Incomplete (first payment pending)",
  active: "Active",
  past_due: "Past due (last payment failed)",
  canceled: "Canceled",
};

/** Stripe's customer portal, reduced to what the site's customers do there: see, switch plans and cancel. */
export function portalPage(
  portal: StoredPortalSession,
  customer: StoredCustomer | undefined,
  subscriptions: StoredSubscription[],
  offer: PortalPlans,
): string {
  const who = customer?.email ? `<p>Customer: ${escapeHtml(customer.email)}</p>` : "";
  const list = subscriptions.length
    ? subscriptions.map((s, i) => subscriptionSection(portal, s, i + 1, offer)).join("")
    : "<p>No subscriptions.</p>";
  const back = portal.returnUrl
    ? `<p><a href="${escapeHtml(portal.returnUrl)}">Return to site</a></p>`
    : '<p class="muted">No return_url was given for this portal session.</p>';
  return layout(
    "Test billing portal - local Stripe stand-in",
    `${BANNER}<h1>Test billing portal</h1>${who}${list}${back}<p class="muted">Portal session ${escapeHtml(portal.id)}</p>`,
  );
}

function subscriptionSection(
  portal: StoredPortalSession,
  subscription: StoredSubscription,
  n: number,
  offer: PortalPlans,
): string {
  const heading = `sub-${n}`;
  const rows = subscription.items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}</td><td class="num">${item.quantity}</td><td class="num">${money(item.unitAmount * item.quantity, item.currency)} / ${escapeHtml(subscription.interval.interval)}</td></tr>`,
    )
    .join("");
  const when =
    subscription.status === "canceled"
      ? `Ended on ${date(subscription.endedAt ?? subscription.periodEnd)}.`
      : subscription.cancelAtPeriodEnd
        ? `Cancels on ${date(subscription.periodEnd)}; it stays active until then.`
        : `Renews on ${date(subscription.periodEnd)}.`;
  const cancel =
    subscription.status === "canceled" || subscription.cancelAtPeriodEnd
      ? ""
      : `<form method="post" action="/portal/${escapeHtml(portal.id)}/subscriptions/${escapeHtml(subscription.id)}/cancel"><button type="submit" aria-describedby="${heading}">Cancel at period end</button></form>`;
  const plans = pendingChange(subscription, offer) + planSwitch(portal, subscription, heading, offer);
  return `<section aria-labelledby="${heading}"><h2 id="${heading}">Subscription ${n}: ${escapeHtml(STATUS[subscription.status])}</h2><div class="table-wrap"><table><caption>Items</caption><thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Price</th></tr></thead><tbody>${rows}</tbody></table></div><p>${when}</p>${plans}${cancel}<p class="muted">${escapeHtml(subscription.id)}</p></section>`;
}

export function portalNotFoundPage(id: string): string {
  return layout(
    "Unknown billing portal session - local Stripe stand-in",
    `${BANNER}<h1>No such billing portal session</h1><p>The local Stripe stand-in has no portal session ${escapeHtml(id)}. They live only as long as the stand-in runs.</p>`,
  );
}

/** The change a schedule holds for the period end, as the portal announces it. */
function pendingChange(subscription: StoredSubscription, offer: PortalPlans): string {
  const schedule = subscription.schedule ? offer.schedule(subscription.schedule) : undefined;
  const next = schedule?.status === "active" ? schedule.phases[1] : undefined;
  if (!next) return "";
  const plan = offer.plans.find((p) => p.price === next.price);
  const what = plan ? priceLabel(plan) : next.price;
  return `<p class="pending">Changes to ${escapeHtml(what)} on ${date(next.start)}.</p>`;
}

/**
 * One button per price the configuration offers: an upgrade says it is charged now (prorated), a
 * downgrade or shorter interval the date it takes effect. Only active one-item subscriptions
 * that are not set to cancel can switch, as in Stripe's portal.
 */
function planSwitch(
  portal: StoredPortalSession,
  subscription: StoredSubscription,
  heading: string,
  offer: PortalPlans,
) {
  const [item, ...others] = subscription.items;
  const open = subscription.status === "active" && !subscription.cancelAtPeriodEnd;
  if (!item || others.length > 0 || !open || offer.plans.length === 0) return "";
  const action = `/portal/${escapeHtml(portal.id)}/subscriptions/${escapeHtml(subscription.id)}/update`;
  const buttons = offer.plans
    .filter((plan) => plan.price !== item.price)
    .map((plan) => {
      const when = waitsForPeriodEnd(offer.conditions, item, plan)
        ? `from ${date(subscription.periodEnd)}`
        : "now, prorated difference charged today";
      return `<li><form method="post" action="${action}"><input type="hidden" name="price" value="${escapeHtml(plan.price)}"><button type="submit" aria-describedby="${heading}">Switch to ${escapeHtml(priceLabel(plan))} (${when})</button></form></li>`;
    })
    .join("");
  const current = offer.plans.find((plan) => plan.price === item.price);
  const now = current ? `<p>Current plan: ${escapeHtml(priceLabel(current))}</p>` : "";
  return `<h3>Change plan</h3>${now}<ul class="plans">${buttons}</ul>`;
}
