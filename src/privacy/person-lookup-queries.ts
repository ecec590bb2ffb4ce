/**
 * Finding a person's rows by key: each table holding an address, its person key as the very
 * expression its index is on (src/privacy/mailbox-key-queries.ts), and the people whose address the
 * caps' broad rule folds into theirs ("possibly the same person").
 */

import { and, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { union } from "drizzle-orm/sqlite-core";
import { database } from "../db/client.ts";
import { quotes } from "../db/document-tables.ts";
import { billingLinks, contactMessages, orders, outbox } from "../db/schema.ts";
import { ADDRESS_COLUMNS, mailboxKeySql, personKeySql } from "./mailbox-key-queries.ts";

type AddressTable = (typeof ADDRESS_COLUMNS)[number][0];

/** Each table holding an address, and that address's column, as drizzle knows them. */
export const TABLE = { orders, quotes, contact_messages: contactMessages, billing_links: billingLinks, outbox };
export const ADDRESS = {
  orders: orders.customer_email,
  quotes: quotes.customer_email,
  contact_messages: contactMessages.email,
  billing_links: billingLinks.email,
  outbox: outbox.recipient,
} satisfies Record<AddressTable, unknown>;

/** One statement per table holding an address, for a UNION (there are always several). */
export function eachAddressTable<T>(statement: (table: AddressTable, column: string) => T): [T, T, ...T[]] {
  const [first, second, ...rest] = ADDRESS_COLUMNS.map(([table, column]) => statement(table, column));
  if (!first || !second) throw new Error("Fewer than two tables hold an address");
  return [first, second, ...rest];
}

/** Each table's person key, as the expression its index is on (SQLite uses the index for no other). */
const PERSON_KEY = Object.fromEntries(
  ADDRESS_COLUMNS.map(([table, column]) => [table, personKeySql(column)]),
) as Record<AddressTable, string>;

/** The table's person key, for an equality, a list or a column read. */
export const personKeyOf = (table: AddressTable): SQL => sql.raw(PERSON_KEY[table]);

/** The row of `table` (the statement's only table of that name) is under one of the keys. */
export const personKeyIn = (table: AddressTable, keys: readonly string[]): SQL =>
  inArray(personKeyOf(table), [...keys]);

/**
 * The other people whose address differs from `key`'s only where the caps' broad rule (mailboxKey,
 * e.g. a `+tag` at a domain where `+` may be part of a name) folds it: their person keys, in order,
 * at most `limit`. Found through the broad key's index, so it never reads a domain.
 */
export async function possiblySamePerson(
  db: D1Database,
  broadKey: string,
  key: string,
  limit: number,
): Promise<string[]> {
  const rows = await possiblySameQuery(db, broadKey, key, limit);
  return rows.map((r) => r.other);
}

/** possiblySamePerson's statement (a test reads its plan). */
export function possiblySameQuery(db: D1Database, broadKey: string, key: string, limit: number) {
  const dz = database(db);
  const each = eachAddressTable((table, column) =>
    dz
      .select({ other: sql<string>`${personKeyOf(table)}`.as("other") })
      .from(TABLE[table])
      .where(and(eq(sql.raw(mailboxKeySql(column)), broadKey), ne(personKeyOf(table), key))),
  );
  return union(...each)
    .orderBy(sql`other`)
    .limit(limit);
}
