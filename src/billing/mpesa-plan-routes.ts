import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { z } from "../lib/zod.ts";
import { BILLING_PLAN_PATH, BILLING_PLAN_PAY_PATH } from "../paths.ts";
import { paymentDetails } from "../payments/payment-details.ts";
import { renderPage } from "../render/page-response.tsx";
import { clientKey, isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { redeemBillingLink } from "./billing-links.ts";
import { billingLinkProblemPage } from "./billing-page.tsx";
import { answerPlanPage, PRIVATE_HEADERS, promptAnswer } from "./mpesa-plan-answers.ts";
import { mpesaPlanCopy as copy } from "./mpesa-plan-copy.ts";
import { cancelPlan, changePlanPhone, payView, planPageToken, planView, promptForBuyer } from "./mpesa-plan-manage.ts";
import {
  planCancelConfirmPage,
  planCanceledPage,
  planPayGonePage,
  planPayPage,
  planProblemPage,
  type Shown,
} from "./mpesa-plan-page.tsx";
import { isPlanSubscriptionId } from "./mpesa-plan-reference.ts";

/** A token, an action and a phone number: a few hundred bytes at most. */
const MAX_FORM_BYTES = 4 * 1024;

/** A pay key as newPayKey makes them (256 bits, base64url); anything else is refused before D1 is asked. */
const PAY_KEY = /^[A-Za-z0-9_-]{43}$/;

const planForm = lazyOnce(() =>
  z.strictObject({
    token: z.string().max(100),
    action: z.enum(["view", "pay", "phone", "cancel", "cancel-confirm"]),
    phone: z.string().max(40).optional(),
  }),
);

type PlanForm = z.infer<ReturnType<typeof planForm>>;

/**
 * /billing for a monthly plan paid by M-Pesa (docs/mpesa-plans.md). The plan's page is reached by an
 * e-mailed one-time link (billing-routes.ts redeems it); each of its forms carries a new one-time
 * token, so every action is proven by the buyer's mailbox, as the link is. A month's pay page is
 * reached by the key its e-mails carry. Every POST is same-origin (security/origin.ts), bounded and
 * rate limited per network; prompts also spend the phone's and the network's prompt budgets.
 */
export function mpesaPlanRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const small = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: (c) => problemPage(c, 413),
  });

  app.post(BILLING_PLAN_PATH, small, async (c) => {
    if (await isOverLimit(c, (env) => env.BILLING_LIMITER)) return tooMany(c);
    const form = planForm().safeParse(await readForm(c));
    if (!form.success) return problemPage(c, 400);
    const link = await redeemBillingLink(c.env.DB, form.data.token);
    if (!link.ok || !isPlanSubscriptionId(link.customerId)) {
      const reason = link.ok ? "unknown" : link.reason;
      return renderPage(c, billingLinkProblemPage(reason), { status: reason === "unknown" ? 404 : 410 });
    }
    return planAction(c, link.customerId, form.data);
  });

  app.get(BILLING_PLAN_PAY_PATH, async (c) => {
    if (await isOverLimit(c, (env) => env.STATUS_LIMITER)) return tooMany(c);
    return payPage(c, c.req.query("k") ?? "");
  });

  app.post(BILLING_PLAN_PAY_PATH, small, async (c) => {
    if (await isOverLimit(c, (env) => env.PAYMENT_LIMITER)) return tooMany(c);
    const key = (await readForm(c)).k;
    const payKey = typeof key === "string" ? key : "";
    if (!PAY_KEY.test(payKey)) return payPage(c, payKey);
    const { view } = await payView(c.env.DB, payKey);
    if (!view) return payPage(c, payKey);
    const prompted = await promptForBuyer(workContextOf(c), { payKey }, clientKey(c));
    const { shown, status } = promptAnswer(prompted, view.phone);
    if (status === 429) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return payPage(c, payKey, shown, status);
  });

  return app;
}

/** What one of the plan page's forms asked for. */
async function planAction(c: Context<AppEnv>, subscriptionId: string, form: PlanForm): Promise<Response> {
  const context = workContextOf(c);
  switch (form.action) {
    case "view":
      return answerPlanPage(c, subscriptionId);
    case "pay": {
      const prompted = await promptForBuyer(context, { subscriptionId }, clientKey(c));
      const { shown, status } = promptAnswer(prompted, prompted.phone ?? "");
      return answerPlanPage(c, subscriptionId, shown, status);
    }
    case "phone": {
      const changed = await changePlanPhone(c.env.DB, subscriptionId, form.phone ?? "");
      if (changed.ok) return answerPlanPage(c, subscriptionId, { notice: copy.manage.phoneSaved(changed.phone) });
      const problem = changed.reason === "invalid" ? copy.problems.phoneInvalid : copy.problems.ended;
      return answerPlanPage(c, subscriptionId, { problem }, changed.reason === "invalid" ? 400 : 409);
    }
    case "cancel": {
      const view = await planView(c.env.DB, subscriptionId);
      const token = view && !view.ended && !view.ending ? await planPageToken(c.env.DB, subscriptionId) : null;
      if (!view || !token) return answerPlanPage(c, subscriptionId, { problem: copy.problems.alreadyCancelled }, 409);
      return renderPage(c, planCancelConfirmPage(view, token), { headers: PRIVATE_HEADERS });
    }
    case "cancel-confirm": {
      const cancelled = await cancelPlan(context, subscriptionId, new Date());
      if (cancelled.kind === "already") {
        return answerPlanPage(c, subscriptionId, { problem: copy.problems.alreadyCancelled }, 409);
      }
      return renderPage(c, planCanceledPage(cancelled), { headers: PRIVATE_HEADERS });
    }
  }
}

/** A month's pay page for its key, or why there is nothing to pay (404 for a key that is not ours). */
async function payPage(
  c: Context<AppEnv>,
  payKey: string,
  shown: Shown = {},
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const found = PAY_KEY.test(payKey) ? await payView(c.env.DB, payKey) : { view: null, known: false };
  if (!found.view) {
    return renderPage(c, planPayGonePage(found.known), { status: found.known ? 410 : 404, headers: PRIVATE_HEADERS });
  }
  const { paybill } = await paymentDetails(c.env);
  return renderPage(c, planPayPage(found.view, paybill, shown), { status, headers: PRIVATE_HEADERS });
}

async function readForm(c: Context): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody();
  } catch {
    return {};
  }
}

function problemPage(c: Context<AppEnv>, status: 400 | 413): Promise<Response> {
  const text = status === 413 ? copy.problems.tooLarge : copy.problems.malformed;
  return renderPage(c, planProblemPage(text), { status, headers: PRIVATE_HEADERS });
}

function tooMany(c: Context<AppEnv>): Promise<Response> {
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return renderPage(c, planProblemPage(copy.problems.tooMany), { status: 429, headers: PRIVATE_HEADERS });
}
