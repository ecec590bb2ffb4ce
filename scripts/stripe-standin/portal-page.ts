import type { StoredPortalSession } from "./billing.ts";
import type { StoredCustomer } from "./customers.ts";
import { date, escapeHtml, layout, money } from "./html.ts";
import type { StoredSubscription } from "./subscriptions.ts";

const BANNER =
  '<p class="banner" role="note">TEST billing portal of the local Stripe stand-in. Nothing here charges or refunds anyone.</p>';

const STATUS: Record<StoredSubscription["status"], string> = {
  incomplete: "Incomplete (first payment pending)",
  active: "Active",
  past_due: "Past due (last payment failed)",
  canceled: "Canceled",
};

/** Stripe's customer portal, reduced to what the site's customers do there: see and cancel. */
export function portalPage(
  portal: StoredPortalSession,
  customer: StoredCustomer | undefined,
  subscriptions: StoredSubscription[],
): string {
  const who = customer?.email ? `<p>Customer: ${escapeHtml(customer.email)}</p>` : "";
  const list = subscriptions.length
    ? subscriptions.map((s, i) => subscriptionSection(portal, s, i + 1)).join("")
    : "<p>No subscriptions.</p>";
  const back = portal.returnUrl
    ? `<p><a href="${escapeHtml(portal.returnUrl)}">Return to site</a></p>`
    : '<p class="muted">No return_url was given for this portal session.</p>';
  return layout(
    "Test billing portal - local Stripe stand-in",
    `${BANNER}<h1>Test billing portal</h1>${who}${list}${back}<p class="muted">Portal session ${escapeHtml(portal.id)}</p>`,
  );
}

function subscriptionSection(portal: StoredPortalSession, subscription: StoredSubscription, n: number): string {
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
  return `<section aria-labelledby="${heading}"><h2 id="${heading}">Subscription ${n}: ${escapeHtml(STATUS[subscription.status])}</h2><div class="table-wrap"><table><caption>Items</caption><thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Price</th></tr></thead><tbody>${rows}</tbody></table></div><p>${when}</p>${cancel}<p class="muted">${escapeHtml(subscription.id)}</p></section>`;
}

export function portalNotFoundPage(id: string): string {
  return layout(
    "Unknown billing portal session - local Stripe stand-in",
    `${BANNER}<h1>No such billing portal session</h1><p>The local Stripe stand-in has no portal session ${escapeHtml(id)}. They live only as long as the stand-in runs.</p>`,
  );
}
