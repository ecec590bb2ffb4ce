/**
 * The address the owner types in the People section, checked before anything is read: small on its
 * own, so the routes can check it without loading the section's code.
 */

/** Longest address the owner can search for (RFC 5321's path limit). */
export const PERSON_ADDRESS_MAX = 254;

/** The typed address, tidied, or null when it is not an address at all. */
export function parsePersonAddress(typed: string | undefined): string | null {
  const text = (typed ?? "").trim();
  if (text.length < 3 || text.length > PERSON_ADDRESS_MAX || /\s/.test(text)) return null;
  const at = text.lastIndexOf("@");
  if (at <= 0 || at === text.length - 1) return null;
  return text;
}
