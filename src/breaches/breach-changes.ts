/**
 * What an update changes in an entry, and the audit row's words for it: the clock's fields (when we
 * became aware, the risk, the ODPC notification, the people told, closing) before and after; the
 * texts by name only, since the entry itself holds them.
 */
import type { BreachRow } from "../db/breach-tables.ts";
import { clipped } from "../lib/clip.ts";
import { breachTime } from "./breach-clock.ts";
import { type BreachField, breachCopy } from "./breach-copy.ts";
import type { BreachUpdate } from "./breach-input.ts";
import type { BreachChanges } from "./breach-queries.ts";

const copy = breachCopy.audit;
/** The audit row's detail stays readable in the history table. */
const DETAIL_MAX = 2000;

/** The columns the form sets, each with how the audit row writes its values (null: by name only). */
const COLUMNS: readonly [keyof BreachChanges & BreachField, ((value: unknown) => string) | null][] = [
  ["aware_at", (v) => (typeof v === "string" ? breachTime(v) : copy.empty)],
  ["what_happened", null],
  ["data_concerned", null],
  ["people_concerned", null],
  ["people_count", (v) => (typeof v === "number" ? v.toLocaleString("en-US") : copy.unknown)],
  ["risk", (v) => breachCopy.risks[v as BreachRow["risk"]] ?? String(v)],
  ["risk_description", null],
  ["actions_taken", null],
  ["odpc_notified_at", (v) => (typeof v === "string" ? breachTime(v) : copy.empty)],
  ["odpc_reference", (v) => (typeof v === "string" ? v : copy.empty)],
  ["subjects_told", (v) => breachCopy.told[v as BreachRow["subjects_told"]] ?? String(v)],
  ["subjects_told_at", (v) => (typeof v === "string" ? breachTime(v) : copy.empty)],
  ["subjects_told_how", null],
];

export type BreachEdit = { changes: BreachChanges; detail: string };

/**
 * The changes the form makes to the entry as it is (null when it changes nothing), closing it at
 * `now` when newly ticked closed and opening it again when unticked.
 */
export function breachEdit(row: BreachRow, update: BreachUpdate, now: string): BreachEdit | null {
  const changes: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [column, write] of COLUMNS) {
    const [before, after] = [row[column], update[column]];
    if (before === after) continue;
    changes[column] = after;
    const name = breachCopy.labels[column];
    lines.push(write ? copy.fromTo(name, write(before), write(after)) : copy.changed(name));
  }
  if (update.closed !== (row.closed_at !== null)) {
    changes.closed_at = update.closed ? now : null;
    const [before, after] = update.closed ? [copy.open, copy.closed] : [copy.closed, copy.open];
    lines.push(copy.fromTo(breachCopy.labels.closed, before, after));
  }
  if (lines.length === 0) return null;
  return { changes: changes as BreachChanges, detail: clipped(lines.join("; "), DETAIL_MAX) };
}
