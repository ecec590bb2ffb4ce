import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env.ts";
import { requestLog } from "../http/log.ts";
import { workContextOf } from "../http/work-context.ts";
import { countStep } from "../insight/request-events.ts";
import {
  type Budget,
  promptBudgets,
  returnBudgets,
  type SpentTogether,
  secondsToNextHour,
  spendBudget,
  spendBudgetsTogether,
} from "../security/budget.ts";
import { ceilingReached } from "../security/ceilings.ts";
import { clientKey, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";
import { mpesaCopy as copy } from "./mpesa-copy.ts";
import {
  abandonMpesaAttempt,
  isRefusal,
  type MpesaAttempt,
  type MpesaRefusal,
  REQUEST_REFUSALS,
  startMpesaAttempt,
} from "./mpesa-start.ts";

/** What the M-Pesa routes share: the prompt gate and the refusals' words. */

type Refusal = { status: ContentfulStatusCode; error: string; refusal?: MpesaRefusal };

export type PromptAnswer = { kind: "started"; path: string } | ({ kind: "refused" } & Refusal);

const refused = (status: ContentfulStatusCode, error: string, refusal?: MpesaRefusal): PromptAnswer => ({
  kind: "refused",
  status,
  error,
  ...(refusal ? { refusal } : {}),
});

/**
 * Sends the prompt of an attempt that passed its checks, once the budgets admit it; or says why not.
 * Only a prompt costs: a request refused by its checks spends none of the phone's, the network's or
 * the site's prompt budgets, and is counted against the network's refusals instead.
 */
export async function promptWhenAdmitted(
  c: Context<AppEnv>,
  checked: MpesaAttempt | MpesaRefusal,
  phone: string,
): Promise<PromptAnswer> {
  if (isRefusal(checked)) return answerRefusal(c, checked);
  const admitted = await admitPrompt(c, phone);
  if (admitted.kind === "refused") {
    await abandonMpesaAttempt(c.env, checked);
    return admitted;
  }
  const context = workContextOf(c);
  const started = await startMpesaAttempt(context, checked, phone);
  if (started.kind === "started") {
    // A cart or a quote: the step is the same, its channel is what the owner reads.
    countStep(context, c.req.raw, "checkout", { route: "", channel: "mpesa" });
    return started;
  }
  // Nothing reached Daraja when the order could not be recorded: the budgets go back.
  if (started.kind === "not-recorded") await returnBudgets(c.env.DB, admitted.spent);
  return answerRefusal(c, started);
}

/**
 * A prompt buzzes a phone that may not be the visitor's: each number gets a few an hour whoever
 * asks, each network a few more (both taken together or not at all, in D1), and all visitors
 * together a ceiling. Taken immediately before the prompt is sent.
 */
async function admitPrompt(
  c: Context<AppEnv>,
  phone: string,
): Promise<{ kind: "admitted"; spent: SpentTogether } | ({ kind: "refused" } & Refusal)> {
  let spent: Awaited<ReturnType<typeof spendBudgetsTogether>>;
  try {
    spent = await spentFor(c, phone);
  } catch (error) {
    requestLog(c).error("The prompt budgets could not be read", { error });
    return { kind: "refused", status: 503, error: copy.budgetUnavailable };
  }
  if ("full" in spent) {
    requestLog(c).warn("A prompt budget is spent: refused", { scope: spent.full.scope });
    c.header("Retry-After", String(secondsToNextHour()));
    const error = spent.full === promptBudgets.phone ? copy.phoneBusy : copy.clientBusy;
    return { kind: "refused", status: 429, error };
  }
  if (await ceilingReached(workContextOf(c), "mpesaPrompt")) {
    await returnBudgets(c.env.DB, spent.spent);
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return { kind: "refused", status: 429, error: copy.busy };
  }
  return { kind: "admitted", spent: spent.spent };
}

function spentFor(c: Context<AppEnv>, phone: string) {
  const spends: { budget: Budget; key: string }[] = [
    { budget: promptBudgets.client, key: clientKey(c) },
    { budget: promptBudgets.phone, key: phone },
  ];
  return spendBudgetsTogether(c.env.DB, spends);
}

/**
 * The answer to a refused attempt. The buyer's own refusals (a wrong amount, a closed quote) are
 * counted per network: past promptBudgets.refused an hour, the network is told only to wait, so
 * refusals cannot be used to probe.
 */
async function answerRefusal(c: Context<AppEnv>, refusal: MpesaRefusal): Promise<PromptAnswer> {
  if (REQUEST_REFUSALS.has(refusal.kind)) {
    let counted = true;
    try {
      counted = await spendBudget(c.env.DB, promptBudgets.refused, clientKey(c));
    } catch (error) {
      requestLog(c).error("The refusal budget could not be read", { error });
    }
    if (!counted) {
      requestLog(c).warn("A network's refused payment requests are over its budget", {
        scope: promptBudgets.refused.scope,
      });
      c.header("Retry-After", String(secondsToNextHour()));
      return refused(429, copy.tooManyRefused);
    }
  }
  return refused(...refusalOf(refusal), refusal);
}

/** Why a payment did not start, as status and sentence: 503 and 502 are worth a retry, 409 and 422 are not as they stand. */
function refusalOf(refusal: MpesaRefusal): [ContentfulStatusCode, string] {
  switch (refusal.kind) {
    case "over-limit":
      return [422, copy.overLimit(refusal.kes)];
    case "rate-changed":
      return [409, copy.rateChanged];
    case "not-configured":
      return [503, copy.unavailable];
    case "recurring":
      return [422, copy.quotePlanAtCheckout];
    case "one-plan":
      return [422, copy.onePlan];
    case "refused":
      return [422, copy.refused];
    case "provider-failed":
      return [502, copy.providerFailed];
    case "not-recorded":
      return [503, copy.notRecorded];
    case "quote-accepted":
      return [409, copy.quoteAccepted];
    case "quote-closed":
      return [422, copy.quoteNotPayable];
    case "part-paid":
      return [409, copy.partPaid];
    case "order-closed":
      return [409, copy.orderClosed];
    case "order-changed":
      return [409, copy.orderChanged];
    case "in-flight":
      return [409, copy.inFlight];
  }
}
