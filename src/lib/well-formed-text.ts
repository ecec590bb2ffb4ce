import { z } from "./zod.ts";

/** What every schema says of ill-formed text, unless it names the field in its own words. */
export const ILL_FORMED_TEXT_MESSAGE = "Contains characters that are not valid text";

/**
 * A lone UTF-16 surrogate: a high half with no low half after it, or a low half with no high half
 * before it (matched unit by unit: no `u` flag). Not String.prototype.isWellFormed(): it is ES2024,
 * missing from the browsers Vite's default build target still covers (Chrome < 111, Firefox < 119,
 * Safari < 16.4), and the checkout form must judge text exactly as the worker does.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string is well-formed Unicode: what Stripe, D1 and e-mail can carry unchanged. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * A string that must be well-formed Unicode. Checked first and aborting, so half of an emoji
 * gets this one message rather than a length or format complaint about text nobody typed.
 */
export function wellFormedText(params?: { error: string }, message: string = ILL_FORMED_TEXT_MESSAGE) {
  return z.string(params).refine(isWellFormedText, { message, abort: true });
}
