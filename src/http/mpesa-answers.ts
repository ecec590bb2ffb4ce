import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { mpesaCopy as copy } from "../content/mpesa.ts";
import type { AppEnv } from "../env.ts";
import type { FulfilmentContext } from "../orders/fulfilment-types.ts";
import type { MpesaStart } from "../payments/mpesa-start.ts";
import { promptBudgets, secondsToNextHour, spendBudget } from "../security/budget.ts";
import { refusedStore } from "../security/store-gate.ts";
import { log } from "./log.ts";
import { siteOrigin } from "./site-origin.ts";

/** What the M-Pesa routes share: the fulfilment context, the prompt gate and the refusals' words. */

export function fulfilmentOf(c: Context<AppEnv>): FulfilmentContext {
  return { env: c.env, origin: siteOrigin(c.env, c.req.url), log: log(c) };
}

export type Refusal = { status: ContentfulStatusCode; error: string };

/**
 * A prompt buzzes a phone that may not be the visitor's: each number gets a few an hour whoever
 * asks (decided atomically in D1), each network a few more, and all visitors together a ceiling.
 */
export async function promptRefused(c: Context<AppEnv>, phone: string): Promise<Refusal | null> {
  const store = await refusedStore(c, promptBudgets.client, "mpesaPrompt");
  if (store) {
    const error =
      store.reason === "hourly" ? copy.clientBusy : store.reason === "busy" ? copy.busy : copy.budgetUnavailable;
    return { status: store.status, error };
  }
  if (!(await spendBudget(c.env.DB, promptBudgets.phone, phone))) {
    c.header("Retry-After", String(secondsToNextHour()));
    return { status: 429, error: copy.phoneBusy };
  }
  return null;
}

/** Why a payment did not start, as status and sentence: 503 and 502 are worth a retry, 409 and 422 are not as they stand. */
export function refusalOf(started: Exclude<MpesaStart, { kind: "started" }>): [ContentfulStatusCode, string] {
  switch (started.kind) {
    case "over-limit":
      return [422, copy.overLimit(started.kes)];
    case "rate-changed":
      return [409, copy.rateChanged];
    case "not-configured":
      return [503, copy.unavailable];
    case "recurring":
      return [422, copy.recurringCardOnly];
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
  }
}
