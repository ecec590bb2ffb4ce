/**
 * The body of POST /__local/write: what the worker's event writer mirrors here (wrangler's local
 * Analytics Engine keeps nothing), `{ "dataset", "indexes", "blobs", "doubles" }` as writeDataPoint
 * takes them, or a JSON array of such points. Tests may add "timestamp" (ISO 8601) and
 * "sample_interval" (a whole number ≥ 1) to place a point in time or stand for a sampled one.
 */
import { type PointInput, PointRefusal } from "./store.ts";

/** A batch a test seeds at once; the worker sends one point at a time. */
const MAX_POINTS_PER_WRITE = 1000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function list<T>(value: unknown, name: string, accepts: (item: unknown) => item is T): T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every(accepts)) throw new PointRefusal(`"${name}" must be a list of ${name}`);
  return value;
}

const isText = (item: unknown): item is string => typeof item === "string";
const isBlob = (item: unknown): item is string | null => item === null || typeof item === "string";
const isNumber = (item: unknown): item is number => typeof item === "number" && Number.isFinite(item);

function timestampOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const ms = typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw new PointRefusal('"timestamp" must be an ISO 8601 time, e.g. 2026-11-28T09:00:00Z');
  return Math.floor(ms / 1000);
}

function sampleIntervalOf(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 1_000_000) {
    throw new PointRefusal('"sample_interval" must be a whole number from 1 to 1000000');
  }
  return value as number;
}

function pointOf(value: unknown): PointInput {
  if (!isObject(value)) throw new PointRefusal("A data point is a JSON object");
  if (typeof value.dataset !== "string") throw new PointRefusal('"dataset" must name the dataset');
  const point: PointInput = {
    dataset: value.dataset,
    indexes: list(value.indexes, "indexes", isText),
    blobs: list(value.blobs, "blobs", isBlob),
    doubles: list(value.doubles, "doubles", isNumber),
  };
  const timestamp = timestampOf(value.timestamp);
  const sampleInterval = sampleIntervalOf(value.sample_interval);
  if (timestamp !== undefined) point.timestamp = timestamp;
  if (sampleInterval !== undefined) point.sampleInterval = sampleInterval;
  return point;
}

/** The points of a write's body; PointRefusal (400) naming what is wrong. */
export function pointsOf(text: string): PointInput[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PointRefusal("The body is not JSON");
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  if (items.length > MAX_POINTS_PER_WRITE) throw new PointRefusal(`At most ${MAX_POINTS_PER_WRITE} points a write`);
  return items.map(pointOf);
}
