import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { type LogFields, type Logger, logger, requestLog } from "./log.ts";
import { cronOrigin, siteOrigin } from "./site-origin.ts";

/**
 * What every flow carries: the Worker's bindings, the site's origin for the links it writes, and the
 * log of the request (or cron run, or queue batch) it serves. It is one argument, always the first,
 * so every flow reads the same and a function that needs one more of the three takes nothing new.
 */
export type WorkContext = {
  env: Env;
  origin: string;
  log: Logger;
  /** Lets work run on after the answer (waitUntil), where there is an answer to give: funnel events. */
  defer?: ((work: Promise<unknown>) => void) | undefined;
};

/** The request's waitUntil, or undefined where there is none (app.request() in a unit test). */
export function deferOf(c: Context<AppEnv>): WorkContext["defer"] {
  try {
    const ctx = c.executionCtx;
    return (work) => ctx.waitUntil(work);
  } catch {
    return undefined;
  }
}

/** A request's context: its bindings, the site's origin (siteOrigin) and its log, with these fields on every line. */
export function workContextOf(c: Context<AppEnv>, fields?: LogFields): WorkContext {
  return { env: c.env, origin: siteOrigin(c.env, c.req.url), log: requestLog(c, fields), defer: deferOf(c) };
}

/**
 * The context of work no request asked for (a Cron Trigger, a queue batch): its log names the run
 * (`requestId` and `path`), and links use the configured site origin, as a cron's do.
 */
export function runContext(env: Env, requestId: string, path: string): WorkContext {
  return { env, origin: cronOrigin(env), log: logger({ requestId, path }) };
}
