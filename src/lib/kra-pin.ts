/**
 * What a KRA PIN is: a letter, nine digits and a letter (P051234567X), in any case as typed, kept
 * upper-cased. No zod here: the seller's PIN is read by pages and by the Node commands.
 */
const KRA_PIN = /^[A-Za-z]\d{9}[A-Za-z]$/;

/** A PIN as typed (surrounding spaces aside) upper-cased, "" when none is given, null when it is not a PIN. */
export function normaliseKraPin(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === "") return "";
  return KRA_PIN.test(trimmed) ? trimmed.toUpperCase() : null;
}
