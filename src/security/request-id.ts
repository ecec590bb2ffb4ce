import type { Context, MiddlewareHandler } from "hono";
import { requestLog } from "../http/log.ts";

declare module "hono" {
  interface ContextVariableMap {
    requestId: string;
  }
}

const REQUEST_ID_HEADER = "X-Request-Id";

/** The id of the request being handled (set by requestId(); "unknown" outside it, e.g. a bare sub-app). */
export function requestIdOf(c: Context): string {
  return c.get("requestId") ?? "unknown";
}

/**
 * Gives every request an id, returned in X-Request-Id on every response. When a handler threw
 * (an onError, the site's or a route's, turned it into the response), the error is logged here
 * with that id, and a JSON 500 carries the id in its body too: a visitor who quotes it lets the
 * owner find the log line. The body never says more than the handler's own message.
 */
export function requestId(): MiddlewareHandler {
  return async (c, next) => {
    const id = crypto.randomUUID();
    c.set("requestId", id);
    await next();
    if (c.error) requestLog(c).error(`Request failed: ${c.req.method} ${c.req.path}`, { error: c.error });
    if (c.res.status === 500) {
      const body = await jsonBodyWithId(c.res, id);
      if (body !== null) {
        // Hono copies the old response's headers onto the new one: its length must not come along.
        c.res.headers.delete("Content-Length");
        c.res = new Response(body, { status: 500, headers: c.res.headers });
      }
    }
    c.res.headers.set(REQUEST_ID_HEADER, id);
  };
}

/** The JSON object body of `res` with `requestId` added, or null when it is not a JSON object. */
async function jsonBodyWithId(res: Response, id: string): Promise<string | null> {
  if (!res.headers.get("Content-Type")?.toLowerCase().startsWith("application/json")) return null;
  let body: unknown;
  try {
    body = await res.clone().json();
  } catch {
    return null;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body) || "requestId" in body) return null;
  return JSON.stringify({ ...body, requestId: id });
}
