import { env } from "cloudflare:workers";
import { type Logger, logger } from "../../../src/http/log.ts";
import type { WorkContext } from "../../../src/http/work-context.ts";
import { SITE } from "./orders.ts";

/**
 * What a test gives a flow it calls directly (src/http/work-context.ts): the test bindings (or
 * some replaced, envWith), the tests' site and a log of its own; a test that reads its log or
 * needs another origin passes its own.
 */
export function workContext(
  bindings: Env = env,
  { origin = SITE, log = logger({ requestId: "test", path: "test" }) }: { origin?: string; log?: Logger } = {},
): WorkContext {
  return { env: bindings, origin, log };
}
