/**
 * The two mailbox keys of a stored address, as SQL: the People section's exact key (personKey) and
 * the caps' broad one (mailboxKey). Each table holding an address has an index on each expression,
 * over its address column (migrations/0013_mailbox_keys.sql), so a lookup by key is an indexed
 * equality and every row, old or new, has its key without any code writing it.
 *
 * Indexes on expressions, not generated columns: a generated column is part of `SELECT *`, and
 * every listing that sorts (the back office's, the sweeps') would compute both keys for every row
 * it sorts. SQLite uses such an index only for the very same expression, so the migration holds
 * this module's output word for word; tests/worker/person-key.test.ts checks both, and that these
 * expressions compute what the TypeScript twins in src/privacy/person-key.ts compute.
 */
import { DOTLESS_DOMAINS } from "../mail/mailbox.ts";
import { SUBADDRESSING_DOMAINS } from "./person-key.ts";

/** Every table holding an address, with that address's column. */
export const ADDRESS_COLUMNS = [
  ["orders", "customer_email"],
  ["quotes", "customer_email"],
  ["contact_messages", "email"],
  ["billing_links", "email"],
  ["outbox", "recipient"],
] as const;

/** The domains as a SQL list, each also with the one trailing dot an address may end with. */
const domainList = (domains: readonly string[]) => domains.flatMap((d) => [`'${d}'`, `'${d}.'`]).join(", ");

/** The domains Gmail folds into each canonical one (gmail.com: gmail.com and googlemail.com). */
function dotlessGroups(): [string, string[]][] {
  const canonical = [...new Set(Object.values(DOTLESS_DOMAINS))].sort();
  return canonical.map((c) => [c, Object.keys(DOTLESS_DOMAINS).filter((d) => DOTLESS_DOMAINS[d] === c)]);
}

/**
 * The parts of an address the keys are made of, as SQL over `address` (a column, or a parameter in
 * the tests). `folded` is trimmed of ASCII white space and lower-cased in ASCII (all SQLite's lower()
 * knows); `at` is its first `@`; `rest` what follows it (the domain, perhaps with a trailing dot);
 * `user` what precedes it, without a `+tag` (a `+` at the start is none).
 */
function parts(address: string) {
  const folded = `lower(trim(${address}, char(9, 10, 11, 12, 13, 32)))`;
  const at = `instr(${folded}, '@')`;
  const plus = `instr(${folded}, '+')`;
  return {
    folded,
    at,
    rest: `substr(${folded}, ${at} + 1)`,
    user: `substr(${folded}, 1, CASE WHEN ${plus} BETWEEN 2 AND ${at} - 1 THEN ${plus} - 1 ELSE ${at} - 1 END)`,
  };
}

/** Gmail's folding: the user without dots, at the canonical domain. */
function dotlessCases(rest: string, user: string): string {
  return dotlessGroups()
    .map(
      ([canonical, domains]) =>
        `WHEN ${rest} IN (${domainList(domains)}) THEN replace(${user}, '.', '') || '@${canonical}'`,
    )
    .join(" ");
}

/**
 * personKey(): without an `@`, or with more than one, the folded address as it is; at Gmail the
 * user without dots at gmail.com; at a provider documenting subaddressing the user at its domain;
 * elsewhere the folded address, one trailing dot off.
 */
export function personKeySql(address: string): string {
  const { folded, at, rest, user } = parts(address);
  return `CASE WHEN ${at} = 0 OR instr(${rest}, '@') > 0 THEN ${folded} ${dotlessCases(rest, user)} WHEN ${rest} IN (${domainList([...SUBADDRESSING_DOMAINS])}) THEN ${user} || '@' || rtrim(${rest}, '.') ELSE substr(${folded}, 1, length(${folded}) - (substr(${folded}, -1) = '.')) END`;
}

/**
 * mailboxKey() for an address in ASCII with at most one `@`; NULL for any other (mailboxKey lower-cases
 * every letter, which SQL cannot, and reads the last `@`; no key beats a wrong one).
 */
export function mailboxKeySql(address: string): string {
  const { folded, at, rest, user } = parts(address);
  const domain = `substr(${rest}, 1, length(${rest}) - (substr(${folded}, -1) = '.'))`;
  return `CASE WHEN length(CAST(${folded} AS BLOB)) <> length(${folded}) OR instr(${rest}, '@') > 0 THEN NULL WHEN ${at} = 0 THEN ${folded} ${dotlessCases(rest, user)} ELSE ${user} || '@' || ${domain} END`;
}

/** The migration's indexes, as CREATE INDEX statements (the test compares them with the schema). */
export function mailboxKeyIndexes(): { name: string; sql: string }[] {
  return ADDRESS_COLUMNS.flatMap(([table, column]) => [
    { name: `${table}_by_person`, sql: `CREATE INDEX ${table}_by_person ON ${table} (${personKeySql(column)})` },
    { name: `${table}_by_mailbox`, sql: `CREATE INDEX ${table}_by_mailbox ON ${table} (${mailboxKeySql(column)})` },
  ]);
}
