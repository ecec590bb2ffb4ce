import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { validator } from "hono/validator";
import type { ApiError } from "../checkout/payment-request-schema.ts";
import type { z } from "../lib/zod.ts";

export type Issue = { path: string; message: string };

/** Every error of the JSON endpoints: one sentence a person can act on, plus field issues for 400s. */
export function jsonError(c: Context, status: ContentfulStatusCode, error: string, issues?: Issue[]): Response {
  const body: ApiError = issues && issues.length > 0 ? { error, issues } : { error };
  return c.json(body, status, { "Cache-Control": "no-store" });
}

/** zod's issues as the browser reads them: a dotted path ("customerInfo.zip") and the message. */
export function toIssues(error: z.core.$ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

/** The top-line sentence of a 400: the distinct messages, so a reader sees every problem at once. */
function summariseIssues(issues: Issue[]): string {
  const messages = [...new Set(issues.map((issue) => issue.message))];
  const shown = messages.slice(0, 5).join("; ");
  const more = messages.length > 5 ? ` (and ${messages.length - 5} more)` : "";
  return `Please correct your order details: ${shown}${more}.`;
}

/**
 * Validates an order's JSON body against a schema made on first use (schemas are built lazily, not
 * at start-up): a 400 summing up every issue ("Please correct your order details: …") when it does
 * not fit, else the handler's `c.req.valid("json")` is the parsed value.
 */
export function validJson<T extends z.ZodType>(schema: () => T) {
  return validator("json", (value, c) => {
    const result = schema().safeParse(value);
    if (result.success) return result.data;
    const issues = toIssues(result.error);
    return jsonError(c, 400, summariseIssues(issues), issues);
  });
}
