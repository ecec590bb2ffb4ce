import { PORTAL_OWNER } from "../catalogue/lookup-keys.ts";
import type { Logger } from "../http/log.ts";
import type { WorkContext } from "../http/work-context.ts";
import { sendBillingLink } from "../mail/visitor-notices.ts";
import { getOrderByStripeSession } from "../orders/orders.ts";
import { BILLING_OPEN_PATH } from "../paths.ts";
import { type PaymentGateway, PaymentProviderError } from "../providers/stripe.ts";
import { createBillingLink, customerForEmail, describeTtl, REQUESTED_LINK_TTL_SECONDS } from "./billing-links.ts";
import { livePlanForEmail } from "./mpesa-plan-queries.ts";

/** The portal button on the success page works this long after checkout; later, the e-mailed link. */
const FROM_ORDER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * E-mails a billing link when the address has a subscription, and nothing otherwise: one to Stripe's
 * portal for a card subscription, one to its page for a live M-Pesa plan (both, for an address with
 * both). Never throws: it runs after the answer, which is the same either way, and a failure is only
 * logged.
 */
export async function mailLinkIfKnown(context: WorkContext, email: string): Promise<void> {
  const { env, log } = context;
  try {
    const customer = await customerForEmail(env.DB, email);
    const plan = await livePlanForEmail(env.DB, email);
    if (!customer && !plan) {
      log.info("Billing link asked for an address with no subscription");
      return;
    }
    if (customer) await sendBillingLink(context, customer.email, linkMaker(context, customer));
    if (plan) {
      const holder = { customerId: plan.subscriptionId, email: plan.email };
      await sendBillingLink(context, plan.email, linkMaker(context, holder), "mpesa-plan-link");
    }
  } catch (error) {
    log.error("Billing link could not be prepared", { error });
  }
}

/** The link's maker: run only once the mailbox may get it. */
function linkMaker({ env, origin }: WorkContext, holder: { customerId: string; email: string }) {
  return async () => {
    const token = await createBillingLink(env.DB, holder.customerId, holder.email, REQUESTED_LINK_TTL_SECONDS);
    const url = `${origin}${BILLING_OPEN_PATH}?token=${encodeURIComponent(token)}`;
    return { url, validFor: describeTtl(REQUESTED_LINK_TTL_SECONDS) };
  };
}

/**
 * The Stripe customer whose portal the success page's button may open: a paid subscription order,
 * paid within the window. Null for anything else (the e-mailed link is the way in then).
 */
export async function portalCustomerOfRecentOrder(db: D1Database, stripeSessionId: string): Promise<string | null> {
  const order = stripeSessionId ? await getOrderByStripeSession(db, stripeSessionId) : null;
  const recent = order?.paid_at && Date.now() - Date.parse(order.paid_at) < FROM_ORDER_WINDOW_MS;
  const manageable = order?.mode === "subscription" && order.status === "paid";
  return order?.stripe_customer_id && manageable && recent ? order.stripe_customer_id : null;
}

/**
 * How long an isolate keeps the portal configuration it found: the sync makes one and then only
 * updates it, so its id rarely changes; a new one (or a first one) is picked up within this time.
 */
const PORTAL_CONFIGURATION_TTL_MS = 10 * 60 * 1000;

const portalConfigurations = new Map<string, { id: string | null; until: number }>();

/**
 * The portal configuration `npm run stripe:sync` made (plan changes as our terms describe them),
 * found by its metadata with one list call per account and isolate. Null, with a warning, when
 * there is none or Stripe could not be asked: the portal then opens with Stripe's default
 * configuration, where a subscriber can still cancel and update a card.
 */
export async function portalConfiguration(gateway: PaymentGateway, log: Logger): Promise<string | null> {
  const cached = portalConfigurations.get(gateway.account);
  if (cached && cached.until > Date.now()) return cached.id;
  let id: string | null;
  try {
    id = await gateway.findPortalConfiguration(PORTAL_OWNER.key, PORTAL_OWNER.value);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.warn("Portal configuration could not be listed; opening the portal with Stripe's default", { error });
    return null;
  }
  if (!id) {
    log.warn(
      `No portal configuration with metadata ${PORTAL_OWNER.key}=${PORTAL_OWNER.value}: opening the portal with Stripe's default (no plan changes). Run \`npm run stripe:sync\`.`,
    );
  }
  portalConfigurations.set(gateway.account, { id, until: Date.now() + PORTAL_CONFIGURATION_TTL_MS });
  return id;
}
