/**
 * The stand-in's data points: one SQLite table per dataset (node:sqlite, in memory) with the columns
 * the SQL API page lists (dataset, timestamp, _sample_interval, index1, blob1…20, double1…20),
 * timestamps in Unix seconds. What the worker writes arrives with timestamp = now and
 * _sample_interval = 1; a test may give both, to put a point on a day's edge or stand for a sample.
 */
import { DatabaseSync } from "node:sqlite";
import { DATASET_COLUMNS } from "./dialect.ts";
import { datasetColumnType } from "./evaluate.ts";

export type PointInput = {
  dataset: string;
  indexes: string[];
  blobs: (string | null)[];
  doubles: number[];
  /** Unix seconds; now when not given. */
  timestamp?: number;
  sampleInterval?: number;
};

/** Analytics Engine's own limits (…/analytics-engine/limits/): one index of 96 bytes, 20 blobs, 20 doubles, 16 KB of blobs. */
export const LIMITS = { indexBytes: 96, blobs: 20, doubles: 20, blobBytes: 16 * 1024 } as const;
/** The stand-in keeps this many points at most, so a runaway test cannot fill the machine's memory. */
const MAX_POINTS = 200_000;

export class PointRefusal extends Error {
  override name = "PointRefusal";
}

const SQL_TYPE = (name: string) =>
  ["DateTime", "UInt32"].includes(datasetColumnType(name))
    ? "INTEGER"
    : datasetColumnType(name) === "Float64"
      ? "REAL"
      : "TEXT";

/** A point's refusal reason under Analytics Engine's limits, or null when it fits. */
function refusalOf(point: PointInput): string | null {
  if (point.indexes.length > 1) return "At most one index is accepted";
  if (point.indexes.some((index) => new TextEncoder().encode(index).length > LIMITS.indexBytes)) {
    return `An index must not be more than ${LIMITS.indexBytes} bytes`;
  }
  if (point.blobs.length > LIMITS.blobs) return `At most ${LIMITS.blobs} blobs are accepted`;
  if (point.doubles.length > LIMITS.doubles) return `At most ${LIMITS.doubles} doubles are accepted`;
  const bytes = point.blobs.reduce((sum, blob) => sum + new TextEncoder().encode(blob ?? "").length, 0);
  if (bytes > LIMITS.blobBytes) return `The blobs of a point must not exceed ${LIMITS.blobBytes} bytes`;
  return null;
}

export class PointStore {
  readonly #db = new DatabaseSync(":memory:");
  readonly datasets: readonly string[];
  #count = 0;

  constructor(datasets: readonly string[]) {
    this.datasets = datasets;
    // ClickHouse's LIKE is case-sensitive; SQLite's is not unless told.
    this.#db.exec("PRAGMA case_sensitive_like = ON");
    for (const dataset of datasets) {
      if (!/^[A-Za-z0-9_]+$/.test(dataset)) throw new Error(`Not a dataset name: ${dataset}`);
      const columns = DATASET_COLUMNS.map((name) => `"${name}" ${SQL_TYPE(name)}`).join(", ");
      this.#db.exec(`CREATE TABLE "${this.tableOf(dataset)}" (${columns})`);
    }
  }

  tableOf(dataset: string): string {
    return `points_${dataset}`;
  }

  get count(): number {
    return this.#count;
  }

  /** PointRefusal when Analytics Engine would not take the point, or the stand-in is full. */
  check(point: PointInput): void {
    if (!this.datasets.includes(point.dataset)) throw new PointRefusal(`Unknown dataset ${point.dataset}`);
    const refusal = refusalOf(point);
    if (refusal) throw new PointRefusal(refusal);
    if (this.#count >= MAX_POINTS) throw new PointRefusal(`The stand-in holds ${MAX_POINTS} points: clear it first`);
  }

  /** Stores the point as Analytics Engine would (missing blobs "", missing doubles 0). */
  add(point: PointInput, now = Math.floor(Date.now() / 1000)): void {
    this.check(point);
    const values = DATASET_COLUMNS.map((name): string | number => {
      if (name === "dataset") return point.dataset;
      if (name === "timestamp") return point.timestamp ?? now;
      if (name === "_sample_interval") return point.sampleInterval ?? 1;
      if (name === "index1") return point.indexes[0] ?? "";
      const n = Number(name.replace(/^\D+/, "")) - 1;
      return name.startsWith("blob") ? (point.blobs[n] ?? "") : (point.doubles[n] ?? 0);
    });
    const marks = DATASET_COLUMNS.map(() => "?").join(", ");
    this.#db.prepare(`INSERT INTO "${this.tableOf(point.dataset)}" VALUES (${marks})`).run(...values);
    this.#count += 1;
  }

  clear(): number {
    const cleared = this.#count;
    for (const dataset of this.datasets) this.#db.exec(`DELETE FROM "${this.tableOf(dataset)}"`);
    this.#count = 0;
    return cleared;
  }

  /** Every stored point of a dataset, oldest first (the stand-in's own view, for tests). */
  points(dataset: string): Record<string, unknown>[] {
    if (!this.datasets.includes(dataset)) return [];
    return this.#db.prepare(`SELECT * FROM "${this.tableOf(dataset)}" ORDER BY timestamp`).all();
  }

  all(sql: string): Record<string, unknown>[] {
    return this.#db.prepare(sql).all();
  }

  close(): void {
    this.#db.close();
  }
}
