// The drizzle tables cannot drift from migrations/: every table the migrations make (read back from
// SQLite after tests/worker/support/apply-migrations.ts ran them) must be declared in
// src/db/schema.ts with the same columns, types, NULL-ability, primary key and defaults, and a column
// the code narrows to some values must allow exactly those in its CHECK (… IN (…)).
import { env } from "cloudflare:workers";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { allTables } from "../../src/db/schema.ts";

type ColumnFacts = { type: string; notNull: boolean; primaryKey: boolean; hasDefault: boolean };

/** SQLite's own tables, D1's migration log and Cloudflare's internal ones are not the site's. */
const INTERNAL = /^(sqlite_|d1_|_cf_)/;

/** Columns the code narrows without a CHECK in the database: Stripe may add values of its own. */
const NARROWED_IN_CODE_ONLY = new Set(["subscriptions.status", "admin_audit.action"]);

async function migratedTables(): Promise<{ name: string; sql: string }[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name",
  ).all<{ name: string; sql: string }>();
  // The search indexes (migrations/0027, src/db/search-tables.ts) are derived, and their shadow
  // tables (<index>_data, _idx, _content, _config…) are SQLite's own.
  const indexes = results.filter((t) => t.sql.startsWith("CREATE VIRTUAL TABLE")).map((t) => t.name);
  const ofAnIndex = (name: string) => indexes.some((index) => name === index || name.startsWith(`${index}_`));
  return results.filter((t) => !INTERNAL.test(t.name) && !ofAnIndex(t.name));
}

async function migratedColumns(name: string): Promise<Record<string, ColumnFacts>> {
  const { results } = await env.DB.prepare(
    `SELECT name, type, "notnull" AS nn, pk, dflt_value FROM pragma_table_info(?)`,
  )
    .bind(name)
    .all<{ name: string; type: string; nn: number; pk: number; dflt_value: string | null }>();
  return Object.fromEntries(
    results.map((c) => [
      c.name,
      // A primary key's NOT NULL is SQLite's to decide (a rowid alias may hold NULL before it is filled).
      { type: c.type, notNull: c.nn === 1, primaryKey: c.pk > 0, hasDefault: c.dflt_value !== null },
    ]),
  );
}

function declaredColumns(table: SQLiteTable): Record<string, ColumnFacts> {
  const config = getTableConfig(table);
  const keyParts = new Set(config.primaryKeys.flatMap((key) => key.columns.map((c) => c.name)));
  return Object.fromEntries(
    config.columns.map((c) => {
      const primaryKey = c.primary || keyParts.has(c.name);
      return [
        c.name,
        {
          type: c.getSQLType().toUpperCase(),
          // A single-column primary key is NOT NULL in drizzle's types; SQLite reports it as the migration wrote it.
          notNull: c.primary ? false : c.notNull,
          primaryKey,
          // drizzle counts an INTEGER primary key's rowid as a default; SQLite reports none.
          hasDefault: c.primary ? false : c.hasDefault,
        },
      ];
    }),
  );
}

/** `CHECK (column IN ('a', 'b'))` lists of quoted values in a CREATE TABLE, by column. */
function checkedValues(createSql: string): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const match of createSql.matchAll(/CHECK\s*\(\s*(\w+)\s+IN\s*\(([^)]*)\)\s*\)/gi)) {
    const [, column, list] = match;
    const values = [...(list ?? "").matchAll(/'([^']*)'/g)].map((v) => v[1] ?? "");
    if (column && values.length > 0) lists[column] = values.sort();
  }
  return lists;
}

const declared = new Map<string, SQLiteTable>(allTables.map((t) => [getTableConfig(t).name, t]));

describe("src/db/schema.ts against the migrated schema", () => {
  it("declares every table the migrations make, and no other", async () => {
    const names = (await migratedTables()).map((t) => t.name);
    expect(names.length).toBeGreaterThan(10);
    expect([...declared.keys()].sort()).toEqual(names);
  });

  it("declares each column's type, NOT NULL, primary key and default as PRAGMA table_info reports them", async () => {
    const migrated: Record<string, ColumnFacts> = {};
    const ours: Record<string, ColumnFacts> = {};
    for (const { name } of await migratedTables()) {
      const table = declared.get(name);
      for (const [column, facts] of Object.entries(await migratedColumns(name))) migrated[`${name}.${column}`] = facts;
      for (const [column, facts] of Object.entries(table ? declaredColumns(table) : {}))
        ours[`${name}.${column}`] = facts;
    }
    expect(ours).toEqual(migrated);
  });

  it("narrows a column to exactly the values its CHECK (… IN …) allows", async () => {
    const checked: Record<string, string[]> = {};
    const narrowed: Record<string, string[]> = {};
    for (const { name, sql } of await migratedTables()) {
      const table = declared.get(name);
      const columns = table ? getTableConfig(table).columns : [];
      for (const [column, values] of Object.entries(checkedValues(sql))) {
        checked[`${name}.${column}`] = values;
        narrowed[`${name}.${column}`] = [...(columns.find((c) => c.name === column)?.enumValues ?? [])].sort();
      }
      for (const column of columns) {
        const key = `${name}.${column.name}`;
        if (column.enumValues && !(key in checked) && !NARROWED_IN_CODE_ONLY.has(key)) {
          narrowed[key] = [...column.enumValues].sort();
        }
      }
    }
    expect(Object.keys(checked).length).toBeGreaterThan(3);
    expect(narrowed).toEqual(checked);
  });
});
