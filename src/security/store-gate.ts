import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { requestLog } from "../http/log.ts";
import { workContextOf } from "../http/work-context.ts";
import { type Budget, secondsToNextHour, spendBudget } from "./budget.ts";
import { type Ceiling, ceilingReached } from "./ceilings.ts";
import { clientKey, RETRY_AFTER_SECONDS } from "./rate-limit.ts";

/** Why a request that passed every check may still not store: each route words it its own way. */
export type StoreRefusal = { status: 429; reason: "hourly" | "busy" } | { status: 503; reason: "unavailable" };

/**
 * Asked once a request is valid and about to store something: the client's network's hourly and
 * daily budget, then the ceiling for all visitors together. Null when it may store; a refusal sets
 * Retry-After. Invalid requests never get here, so they use up neither.
 */
export async function refusedStore(c: Context<AppEnv>, budget: Budget, ceiling: Ceiling): Promise<StoreRefusal | null> {
  let spent: boolean;
  try {
    spent = await spendBudget(c.env.DB, budget, clientKey(c));
  } catch (error) {
    requestLog(c).error("A client budget could not be read", { scope: budget.scope, error });
    return { status: 503, reason: "unavailable" };
  }
  if (!spent) {
    requestLog(c).warn("A client's network spent its budget: refused", { scope: budget.scope });
    c.header("Retry-After", String(secondsToNextHour()));
    return { status: 429, reason: "hourly" };
  }
  if (await ceilingReached(workContextOf(c), ceiling)) {
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return { status: 429, reason: "busy" };
  }
  return null;
}
