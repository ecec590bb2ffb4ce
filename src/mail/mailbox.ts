/**
 * Providers that deliver `first.last@` and `firstlast@` to one mailbox. Most providers also ignore a
 * `+tag`, which every address loses below whatever its domain. The People section folds these too
 * (src/privacy/person-key.ts, which cites Google's documentation).
 */
export const DOTLESS_DOMAINS: Readonly<Record<string, string>> = {
  "gmail.com": "gmail.com",
  "googlemail.com": "gmail.com",
};

/**
 * The mailbox an address delivers to, as per-recipient caps count it: trimmed, lower-cased, without
 * a `+tag`, and without dots where the provider ignores them. Only for counting: mail still goes to
 * the address as typed.
 */
export function mailboxKey(address: string): string {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf("@");
  if (at < 0) return text;
  const domain = text.slice(at + 1).replace(/\.$/, "");
  let local = text.slice(0, at);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const canonical = DOTLESS_DOMAINS[domain];
  if (canonical) return `${local.replaceAll(".", "")}@${canonical}`;
  return `${local}@${domain}`;
}

/**
 * The domains an address of this mailbox may be stored under: its own, and every domain the same
 * provider folds into it (gmail.com and googlemail.com). For finding a mailbox's addresses in SQL,
 * which cannot apply mailboxKey: the caller compares keys afterwards.
 */
export function mailboxDomains(key: string): string[] {
  const domain = key.slice(key.lastIndexOf("@") + 1);
  const canonical = DOTLESS_DOMAINS[domain] ?? domain;
  const folded = Object.keys(DOTLESS_DOMAINS).filter((d) => DOTLESS_DOMAINS[d] === canonical);
  return folded.length > 0 ? folded : [domain];
}
