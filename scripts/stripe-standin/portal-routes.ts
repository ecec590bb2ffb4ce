// The test billing portal's requests: the page, "Cancel at period end" and the plan switch.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Billing } from "./billing.ts";
import type { Catalogue } from "./catalogue.ts";
import { StripeRequestError } from "./errors.ts";
import { readBody, redirect, sendHtml, sendText } from "./http.ts";
import { planOptions } from "./plan-changes.ts";
import type { PortalConfigurations } from "./portal-configurations.ts";
import { portalNotFoundPage, portalPage } from "./portal-page.ts";
import { switchPlan } from "./subscription-api.ts";

export type PortalDeps = { billing: Billing; catalogue: Catalogue; configurations: PortalConfigurations };

/** `/portal/:id`, `/portal/:id/subscriptions/:sub/cancel` and `/portal/:id/subscriptions/:sub/update`. */
export const PORTAL_PATH = /^\/portal\/([A-Za-z0-9_]+)(?:\/subscriptions\/([A-Za-z0-9_]+)\/(cancel|update))?$/;

export async function portalRoute(
  deps: PortalDeps,
  req: IncomingMessage,
  res: ServerResponse,
  match: RegExpExecArray,
): Promise<void> {
  const [, id = "", subscriptionId, action] = match;
  const method = req.method ?? "GET";
  const body = await readBody(req);
  const { billing } = deps;
  const portal = billing.portal(id);
  if (!portal) return sendHtml(res, 404, portalNotFoundPage(id));
  const configuration = deps.configurations.get(portal.configuration);
  if (!subscriptionId && method === "GET") {
    const page = portalPage(portal, billing.customer(portal.customer), billing.subscriptionsOf(portal.customer), {
      plans: planOptions(configuration, deps.catalogue),
      conditions:
        configuration?.features.subscription_update.schedule_at_period_end.conditions.map((c) => c.type) ?? [],
      schedule: (scheduleId) => billing.schedule(scheduleId),
    });
    return sendHtml(res, 200, page);
  }
  if (!subscriptionId || method !== "POST") return sendText(res, 405, "Method not allowed");
  const subscription = billing.subscription(subscriptionId);
  // Only the portal's own customer's subscriptions can be changed from it.
  if (!subscription || subscription.customer !== portal.customer) return sendText(res, 404, "No such subscription");
  try {
    if (action === "update") {
      await switchPlan(deps, configuration, subscription, new URLSearchParams(body).get("price") ?? "");
    } else if (subscription.status !== "canceled") {
      await billing.cancel(subscription, true);
    }
  } catch (err) {
    if (!(err instanceof StripeRequestError)) throw err;
    return sendText(res, 400, err.message);
  }
  redirect(res, `/portal/${portal.id}`);
}
