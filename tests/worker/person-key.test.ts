// The mailbox keys are computed twice: in SQL, by the expressions every table holding an address is
// indexed on (src/privacy/mailbox-key-queries.ts, migrations/0013_mailbox_keys.sql), and in TypeScript
// (src/privacy/person-key.ts and the caps' mailboxKey). The People section looks a person up by the
// TypeScript key in the SQL index: where the two disagree, a person is silently not found,
// exported or erased.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DOTLESS_DOMAINS, mailboxKey } from "../../src/mail/mailbox.ts";
import {
  ADDRESS_COLUMNS,
  mailboxKeyIndexes,
  mailboxKeySql,
  personKeySql,
} from "../../src/privacy/mailbox-key-queries.ts";
import { personKey, SUBADDRESSING_DOMAINS, storedMailboxKey } from "../../src/privacy/person-key.ts";

const db = env.DB;

/** Every table holding an address: a row of it with that address, answering its rowid. */
const ROW_WITH: Record<string, (address: string) => D1PreparedStatement> = {
  orders: (address) =>
    db
      .prepare(
        `INSERT INTO orders (order_id, mode, customer_name, customer_email, customer_phone, address, city, state, zip, country, total_cents)
         VALUES (?, 'payment', 'K', ?, '+254 700 000 000', 'Road', 'Nairobi', '', '', 'Kenya', 0) RETURNING rowid AS row`,
      )
      .bind(`cs_key_${crypto.randomUUID()}`, address),
  quotes: (address) =>
    db
      .prepare(
        `INSERT INTO quotes (number, access_key, customer_name, customer_email, due_cents, monthly_cents, valid_until)
         VALUES (?, 'k', 'K', ?, 0, 0, '2999-01-01') RETURNING rowid AS row`,
      )
      .bind(`Q-KEY-${crypto.randomUUID()}`, address),
  contact_messages: (address) =>
    db
      .prepare("INSERT INTO contact_messages (name, email, message) VALUES ('K', ?, 'm') RETURNING rowid AS row")
      .bind(address),
  billing_links: (address) =>
    db
      .prepare(
        "INSERT INTO billing_links (token_hash, customer_id, email, expires_at) VALUES (?, 'cus_k', ?, '2999-01-01') RETURNING rowid AS row",
      )
      .bind(crypto.randomUUID(), address),
  outbox: (address) =>
    db
      .prepare(
        "INSERT INTO outbox (kind, dedupe_key, recipient, subject, payload) VALUES ('contact-ack', ?, ?, 's', '{}') RETURNING rowid AS row",
      )
      .bind(`key:${crypto.randomUUID()}`, address),
};

/** What the SQL expressions make of each address, evaluated on it as a bound value. */
async function sqlKeys(addresses: readonly string[]) {
  const statements = addresses.map((a) =>
    db.prepare(`SELECT ${personKeySql("?1")} AS person, ${mailboxKeySql("?1")} AS broad`).bind(a),
  );
  const results = await db.batch<{ person: string | null; broad: string | null }>(statements);
  return results.map((r) => r.results[0]);
}

/** Looking rows of `table` up by a key: each key expression's statement, by its index's name. */
const lookups = (table: string, column: string) => ({
  [`${table}_by_person`]: `SELECT rowid AS row FROM ${table} WHERE ${personKeySql(column)} = ?1`,
  [`${table}_by_mailbox`]: `SELECT rowid AS row FROM ${table} WHERE ${mailboxKeySql(column)} = ?1`,
});

/**
 * Whether each address's row, in each table, is found by the keys the TypeScript computes. The
 * lookups search the indexes (checked below), which hold the keys computed when the row was written:
 * a row is found only if the index holds what the TypeScript computes.
 */
async function foundByTheirKeys(addresses: readonly string[]) {
  const rows = addresses.flatMap((address) => ADDRESS_COLUMNS.map(([table, column]) => ({ address, table, column })));
  const inserted = await db.batch<{ row: number }>(
    rows.map((r) => ROW_WITH[r.table]?.(r.address) as D1PreparedStatement),
  );
  const statements = rows.flatMap(({ address, table, column }) => {
    const [byPerson = "", byMailbox = ""] = Object.values(lookups(table, column));
    return [db.prepare(byPerson).bind(personKey(address)), db.prepare(byMailbox).bind(storedMailboxKey(address))];
  });
  const found = (await db.batch<{ row: number }>(statements)).map((r) => r.results.map((x) => x.row));
  return rows.map(({ address, table }, i) => {
    const row = inserted[i]?.results[0]?.row ?? -1;
    return {
      table,
      address,
      byPerson: found[2 * i]?.includes(row),
      // An address with no broad key is in no one's "possibly the same person".
      byMailbox: storedMailboxKey(address) === null || found[2 * i + 1]?.includes(row),
    };
  });
}

// Addresses as they come: any case, dots, several '+', an '@' in a quoted local part, white space
// and a dot at the ends, letters outside ASCII (which SQLite's lower() leaves as they are).
const LOCAL_CHARS = [..."abcXYZ09", ".", "+", "-", "_", "é", "É", "ß", "İ", "ǅ", "Ö", "😀", "@"];
const DOMAINS = [
  ...Object.keys(DOTLESS_DOMAINS),
  ...SUBADDRESSING_DOMAINS,
  "GMAIL.com",
  "GoogleMail.COM",
  "Proton.Me",
  "example.com",
  "Example.ORG",
  "outlook.com",
  "icloud.com",
  "bücher.example",
  "BÜCHER.example",
  "",
];
const EDGES = ["", " ", "\t", "\n ", "\u00a0", "\r\n"];
const local = fc.array(fc.constantFrom(...LOCAL_CHARS), { maxLength: 12 }).map((chars) => chars.join(""));
const address = fc
  .record({
    local,
    at: fc.constantFrom("@", "@", "@", ""),
    domain: fc.constantFrom(...DOMAINS),
    trailingDots: fc.constantFrom("", "", ".", ".."),
    before: fc.constantFrom(...EDGES),
    after: fc.constantFrom(...EDGES),
  })
  .map((a) => `${a.before}${a.local}${a.at}${a.domain}${a.trailingDots}${a.after}`);

const collapsed = (sql: string) => sql.replace(/\s+/g, " ").replace(/\(\s/g, "(").replace(/\s\)/g, ")");

describe("the SQL keys and their TypeScript twins", () => {
  it("agree for any address", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(address, { minLength: 1, maxLength: 20 }), async (addresses) => {
        const stored = await sqlKeys(addresses);
        addresses.forEach((typed, i) => {
          expect({ typed, ...stored[i] }).toEqual({ typed, person: personKey(typed), broad: storedMailboxKey(typed) });
        });
      }),
      { numRuns: 100 },
    );
  });

  it("are what every table's indexes hold: each row is found by the TypeScript keys of its address", async () => {
    for (const [table, column] of ADDRESS_COLUMNS) {
      for (const [index, sql] of Object.entries(lookups(table, column))) {
        const { results } = await db.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind("x").all<{ detail: string }>();
        expect(results.map((r) => r.detail).join("\n")).toContain(`SEARCH ${table} USING COVERING INDEX ${index} (`);
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.array(address, { minLength: 1, maxLength: 4 }), async (addresses) => {
        for (const found of await foundByTheirKeys(addresses)) {
          expect(found).toEqual({ ...found, byPerson: true, byMailbox: true });
        }
      }),
      { numRuns: 25 },
    );
  });

  it("are indexed by the migration word for word as mailbox-keys.ts builds them (or queries would not use them)", async () => {
    const expected = mailboxKeyIndexes();
    const { results } = await db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name IN (${expected.map(() => "?").join(", ")})`,
      )
      .bind(...expected.map((i) => i.name))
      .all<{ name: string; sql: string }>();
    const migrated = Object.fromEntries(results.map((i) => [i.name, collapsed(i.sql)]));
    expect(migrated).toEqual(Object.fromEntries(expected.map((i) => [i.name, collapsed(i.sql)])));
  });

  it("give the caps' key unchanged for every plain address in ASCII, and none to others", () => {
    fc.assert(
      fc.property(address, (typed) => {
        const ascii = Array.from(typed).every((ch) => ch > "\u0000" && ch <= "\u007f");
        const plain = ascii && (typed.match(/@/g) ?? []).length <= 1;
        expect(storedMailboxKey(typed)).toBe(plain ? mailboxKey(typed) : null);
      }),
    );
    expect(storedMailboxKey("Jane.Doe+x@GMAIL.com.")).toBe("janedoe@gmail.com");
    expect(storedMailboxKey("josé@example.com")).toBeNull();
  });
});

describe("one person, by the People rule", () => {
  it("folds only what provably reaches one mailbox", () => {
    const same = (a: string, b: string) => personKey(a) === personKey(b);
    // Gmail: any case, dots, a +tag, googlemail.com.
    expect(same("J.Doe+x@googlemail.com", "jdoe@gmail.com")).toBe(true);
    expect(same(" JDOE@GMAIL.COM. ", "jdoe@gmail.com")).toBe(true);
    // A documented +tag: Proton Mail, Fastmail.
    expect(same("jdoe+news@Proton.me", "jdoe@proton.me")).toBe(true);
    expect(same("jdoe+a+b@fastmail.com", "jdoe@fastmail.com")).toBe(true);
    // Elsewhere a '+' may be part of a name, and dots always are.
    expect(same("jdoe+x@example.com", "jdoe@example.com")).toBe(false);
    expect(same("jdoe+x@outlook.com", "jdoe@outlook.com")).toBe(false);
    expect(same("j.doe@example.com", "jdoe@example.com")).toBe(false);
    expect(same("JDoe@Example.com", "jdoe@example.com")).toBe(true);
    // The caps still count those as one mailbox.
    expect(mailboxKey("jdoe+x@example.com")).toBe(mailboxKey("jdoe@example.com"));
    // Outside ASCII only the ASCII letters fold, as SQLite's lower() does.
    expect(personKey("JOSÉ@Example.com")).toBe("josÉ@example.com");
  });
});
