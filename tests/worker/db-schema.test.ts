// The row types cannot drift from migrations/: every table the migrations make (read back from
// SQLite after tests/worker/support/apply-migrations.ts ran them) must be declared in
// src/db/schema.ts with the same columns, types, NULL-ability and primary key, and a column the
// code narrows to some values must allow exactly those in its CHECK (… IN (…)).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Column, Table } from "../../src/db/columns.ts";
import { allTables } from "../../src/db/schema.ts";

type ColumnFacts = { type: string; notNull: boolean; primaryKey: boolean };

/** SQLite's own tables, D1's migration log and Cloudflare's internal ones are not the site's. */
const INTERNAL = /^(sqlite_|d1_|_cf_)/;

async function migratedTables(): Promise<{ name: string; sql: string }[]> {
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name",
  ).all<{
    name: string;
    sql: string;
  }>();
  return results.filter((t) => !INTERNAL.test(t.name));
}

async function migratedColumns(name: string): Promise<Record<string, ColumnFacts>> {
  const { results } = await env.DB.prepare(`SELECT name, type, "notnull" AS nn, pk FROM pragma_table_info(?)`)
    .bind(name)
    .all<{ name: string; type: string; nn: number; pk: number }>();
  return Object.fromEntries(results.map((c) => [c.name, { type: c.type, notNull: c.nn === 1, primaryKey: c.pk > 0 }]));
}

function declaredColumns(table: Table): Record<string, ColumnFacts> {
  return Object.fromEntries(
    Object.entries(table.columns).map(([name, c]: [string, Column<unknown>]) => [
      name,
      { type: c.type, notNull: c.notNull, primaryKey: c.primaryKey },
    ]),
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

const declared = new Map<string, Table>(allTables.map((t) => [t.name, t]));

describe("src/db/schema.ts against the migrated schema", () => {
  it("declares every table the migrations make, and no other", async () => {
    const names = (await migratedTables()).map((t) => t.name);
    expect(names.length).toBeGreaterThan(10);
    expect([...declared.keys()].sort()).toEqual(names);
  });

  it("declares each column's type, NOT NULL and primary key as PRAGMA table_info reports them", async () => {
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
      const columns: Record<string, Column<unknown>> = declared.get(name)?.columns ?? {};
      for (const [column, values] of Object.entries(checkedValues(sql))) {
        checked[`${name}.${column}`] = values;
        narrowed[`${name}.${column}`] = [...(columns[column]?.values ?? [])].sort();
      }
    }
    expect(Object.keys(checked).length).toBeGreaterThan(3);
    expect(narrowed).toEqual(checked);
  });
});
