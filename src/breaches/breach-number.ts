/** A register entry's number (BR-2026-1) and its page's address. */
import { ADMIN_BREACH_PATH } from "../paths.ts";

/** BR-<year>-<n>: n counts from 1 in each year, as breach-queries.ts numbers them. */
const BREACH_NUMBER = /^BR-(\d{4})-([1-9]\d{0,5})$/;

/** The number in a path or form, or null when it cannot be one (nothing is looked up for it). */
export function parseBreachNumber(text: string | undefined): string | null {
  return text !== undefined && BREACH_NUMBER.test(text) ? text : null;
}

/** The entry's page: /admin/breaches/BR-2026-1. */
export const breachHref = (number: string): string => ADMIN_BREACH_PATH.replace(":id", encodeURIComponent(number));
