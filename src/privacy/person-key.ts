/**
 * Which ways of writing an address are one person, for the People section: only those that
 * provably reach one mailbox, because an export or an erasure that merged two people would hand one
 * person's data to another, or erase it. Per-recipient caps count by a broader key
 * (src/mail/mailbox.ts mailboxKey: a `+tag` off at every domain), where merging too much is safe.
 *
 * Both keys are indexed over every table holding an address, as SQL expressions
 * (src/privacy/mailbox-key-queries.ts, migrations/0013_mailbox_keys.sql); these functions are their twins in
 * TypeScript, and tests/worker/person-key.test.ts checks that the two agree.
 */
import { DOTLESS_DOMAINS, mailboxKey } from "../mail/mailbox.ts";

/**
 * Providers whose own documentation says a `+tag` reaches the mailbox without it, at these domains.
 * The SQL keys are built from this list (src/privacy/mailbox-key-queries.ts) and indexed by
 * migrations/0013_mailbox_keys.sql: a change here is a new migration that builds the indexes
 * again, and tests/worker/person-key.test.ts fails until it is written.
 *
 * - Gmail (gmail.com, googlemail.com; DOTLESS_DOMAINS, where dots do not count either): "Dots don't
 *   matter in Gmail addresses", https://support.google.com/mail/answer/7436150, and "messages sent
 *   to janedoe+school@gmail.com … will all go to janedoe@gmail.com",
 *   https://support.google.com/mail/answer/22370. googlemail.com is the name Gmail had in Germany
 *   and the UK; its accounts receive at both (https://techcrunch.com/2010/05/03/gmail-uk/).
 * - Fastmail: "any email sent to username+whateveryoulike@domain.tld is still sent to your
 *   account", on Fastmail's domains, https://www.fastmail.help/hc/en-us/articles/360060591053.
 * - Proton Mail: "+aliases, by adding + after your username", with its domains proton.me,
 *   protonmail.com, pm.me and protonmail.ch, https://proton.me/support/creating-aliases.
 *
 * Not listed, for want of a source that proves it: Outlook.com and Hotmail (Microsoft documents plus
 * addressing for Exchange Online, where the full address is tried first, so `a+b@` may be its own
 * mailbox: https://learn.microsoft.com/en-us/exchange/recipients-in-exchange-online/plus-addressing-in-exchange-online),
 * and iCloud Mail (no Apple page on it). Their `+tag` spellings, and any other domain's, are listed
 * as "possibly the same person" for the owner to tick.
 */
export const SUBADDRESSING_DOMAINS: ReadonlySet<string> = new Set([
  "fastmail.com",
  "fastmail.fm",
  "pm.me",
  "proton.me",
  "protonmail.ch",
  "protonmail.com",
]);

/** White space that JavaScript's trim() and SQL's trim(…, char(9, 10, 11, 12, 13, 32)) both remove. */
const ASCII_SPACE_AT_ENDS = /^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g;

/**
 * The address trimmed and lower-cased as the SQL keys do it. Letters are lower-cased in ASCII only,
 * because SQLite's lower() knows no others: `É` and `é` stay two spellings. That only ever splits a
 * person (the safe way for an erasure), never merges two.
 */
function folded(address: string): string {
  return address.replace(ASCII_SPACE_AT_ENDS, "").replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * The person an address belongs to, as the People section counts them (src/privacy/mailbox-key-queries.ts
 * personKeySql). An address without an `@`, or with more than one (a quoted local part), is only
 * folded: nothing about its mailbox is provable.
 */
export function personKey(address: string): string {
  const text = folded(address);
  const at = text.indexOf("@");
  if (at < 0 || text.includes("@", at + 1)) return text;
  const local = text.slice(0, at);
  const plus = local.indexOf("+");
  const user = plus > 0 ? local.slice(0, plus) : local;
  const domain = text.slice(at + 1).replace(/\.$/, "");
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) return `${user.replaceAll(".", "")}@${dotless}`;
  if (SUBADDRESSING_DOMAINS.has(domain)) return `${user}@${domain}`;
  return text.endsWith(".") ? text.slice(0, -1) : text;
}

/**
 * What the broad key's index holds (mailboxKeySql): mailboxKey() for an address in ASCII with at
 * most one `@`, null for any other. SQL lower-cases ASCII only while mailboxKey lower-cases every
 * letter, and mailboxKey reads the last `@`: outside those addresses the two could disagree, and no
 * key is better than a wrong one. Such an address still has its personKey.
 */
export function storedMailboxKey(address: string): string | null {
  const ascii = Array.from(address).every((ch) => ch > "\u0000" && ch <= "\u007f");
  const plain = ascii && address.indexOf("@") === address.lastIndexOf("@");
  return plain ? mailboxKey(address) : null;
}
