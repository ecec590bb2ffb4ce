/**
 * Tables declared once, as data: each column's SQLite type, whether it may be NULL and whether it is
 * part of the primary key, exactly as `PRAGMA table_info` reports them after migrations/ ran. A
 * row's TypeScript type is derived from the same declaration (RowOf), so the type the code reads and
 * the declaration tests/worker/db-schema.test.ts compares with the migrated schema cannot differ.
 */

/** One column. `T` is the value a row holds (null included when the column may be NULL). */
export type Column<T> = {
  readonly type: "TEXT" | "INTEGER";
  readonly notNull: boolean;
  readonly primaryKey: boolean;
  /** The values a `CHECK (column IN (…))` allows, when the code narrows the column to them. */
  readonly values?: readonly string[];
  /** Never set: it only carries `T` for RowOf. */
  readonly sample?: T;
};

type AnyColumn = Column<unknown>;

export type Table<Columns extends Record<string, AnyColumn> = Record<string, AnyColumn>> = {
  readonly name: string;
  readonly columns: Columns;
};

/** A row as `SELECT *` gives it: one property per column, typed by its declaration. */
export type RowOf<T extends Table> = {
  -readonly [K in keyof T["columns"]]: T["columns"][K] extends Column<infer V> ? V : never;
};

export function table<const Columns extends Record<string, AnyColumn>>(name: string, columns: Columns): Table<Columns> {
  return { name, columns };
}

/** `TEXT NOT NULL`. */
export const text: Column<string> = { type: "TEXT", notNull: true, primaryKey: false };

/** `INTEGER NOT NULL`. */
export const integer: Column<number> = { type: "INTEGER", notNull: true, primaryKey: false };

/** The column without NOT NULL. */
export function nullable<T>(column: Column<T>): Column<T | null> {
  return { ...column, notNull: false };
}

/**
 * A column of a primary key declared NOT NULL (a key of several columns, a WITHOUT ROWID table).
 */
export function keyPart<T>(column: Column<T>): Column<T> {
  return { ...column, primaryKey: true };
}

/**
 * A `… PRIMARY KEY` column written without NOT NULL: SQLite reports it nullable (a TEXT key of a
 * rowid table may hold NULL; an INTEGER one is the rowid), while every row the site writes has one,
 * so its type stays non-null.
 */
export function primaryKey<T>(column: Column<T>): Column<T> {
  return { ...column, notNull: false, primaryKey: true };
}

/** `TEXT NOT NULL` narrowed to these values (the schema's CHECK … IN list, where it has one). */
export function oneOf<const V extends readonly string[]>(values: V): Column<V[number]> {
  return { type: "TEXT", notNull: true, primaryKey: false, values };
}
