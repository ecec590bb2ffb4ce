import type { MiddlewareHandler } from "hono";
import { jsonError } from "./json-errors.ts";
import { mediaTypeOf } from "./media-type.ts";

/**
 * Only `application/json` is read. This also keeps cross-site HTML forms out: they cannot send
 * this content type without a CORS preflight, which the worker never grants.
 */
export function requireJson(message: string): MiddlewareHandler {
  return async (c, next) => {
    if (mediaTypeOf(c) !== "application/json") return jsonError(c, 415, message);
    await next();
  };
}

/** Parses the body once so bad JSON gets a JSON 400; the validator then reads the cached value. */
export function readJsonBody(message: string): MiddlewareHandler {
  return async (c, next) => {
    try {
      await c.req.json();
    } catch {
      return jsonError(c, 400, message);
    }
    await next();
  };
}
