import type { Context } from "hono";
import { jsonError } from "../http/json-errors.ts";
import { refusalCopy } from "./refusal-copy.ts";

/**
 * Whether the client of a failed request reads JSON: a script's fetch (a POST, or asking for
 * JSON) gets a JSON sentence; a browser navigating (asking for HTML) gets the 500 page.
 */
function prefersJson(c: Context): boolean {
  const accept = c.req.header("Accept")?.toLowerCase() ?? "";
  if (accept.includes("text/html")) return false;
  if (accept.includes("application/json")) return true;
  return c.req.method !== "GET" && c.req.method !== "HEAD";
}

/**
 * The answer to an unexpected exception: never its message or stack, only a sentence (the
 * request-id middleware adds the id to it and logs the error).
 */
export function unexpectedErrorResponse(
  c: Context,
  htmlPage: () => Response | Promise<Response>,
): Response | Promise<Response> {
  return prefersJson(c) ? jsonError(c, 500, refusalCopy.unexpected) : htmlPage();
}
