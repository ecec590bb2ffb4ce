/**
 * The whole register as a file, for the ODPC or the owner's records: JSON and CSV with the same
 * stable field names (the columns' names, and the ODPC deadline each entry had), every entry in the
 * register's order. Times are ISO 8601 in UTC. The CSV's cells are escaped as the back office's
 * other exports are (admin/admin-csv.ts: RFC 4180 quoting, no cell a spreadsheet would run).
 */
import { csvCell } from "../admin/admin-csv.ts";
import type { BreachRow } from "../db/breach-tables.ts";
import { nairobiDay } from "../lib/dates.ts";
import { company } from "../site/company-copy.ts";
import { odpcDeadline } from "./breach-clock.ts";
import { breachesAfter } from "./breach-queries.ts";

/** Each read takes this many entries (D1 answers a bounded result). */
const CHUNK = 200;
/**
 * Far beyond any register this business will keep (an entry is a few KB at most); a file that
 * would hold more says so instead of running the worker out of memory.
 */
const EXPORT_CAP = 5000;

/** The fields of an exported entry, in order: the JSON's keys and the CSV's header. */
const FIELDS = [
  "number",
  "aware_at",
  "recorded_at",
  "recorded_by",
  "what_happened",
  "data_concerned",
  "people_concerned",
  "people_count",
  "risk",
  "risk_description",
  "actions_taken",
  "odpc_deadline",
  "odpc_notified_at",
  "odpc_reference",
  "subjects_told",
  "subjects_told_at",
  "subjects_told_how",
  "closed_at",
  "updated_at",
  "updated_by",
  "version",
] as const;

type ExportedBreach = Record<(typeof FIELDS)[number], string | number | null>;

function exported(row: BreachRow): ExportedBreach {
  const all: Record<string, string | number | null> = { ...row, odpc_deadline: odpcDeadline(row.aware_at) };
  return Object.fromEntries(FIELDS.map((field) => [field, all[field] ?? null])) as ExportedBreach;
}

/** Every entry in the register's order, a chunk at a time; `capped` when there were more than EXPORT_CAP. */
async function wholeRegister(db: D1Database): Promise<{ rows: BreachRow[]; capped: boolean }> {
  const rows: BreachRow[] = [];
  let after = { year: 0, seq: 0 };
  while (rows.length <= EXPORT_CAP) {
    const asked = Math.min(CHUNK, EXPORT_CAP + 1 - rows.length);
    const chunk = await breachesAfter(db, after, asked);
    rows.push(...chunk);
    const last = chunk.at(-1);
    if (chunk.length < asked || !last) break;
    after = { year: last.year, seq: last.seq };
  }
  return { rows: rows.slice(0, EXPORT_CAP), capped: rows.length > EXPORT_CAP };
}

const capNote = (count: number) =>
  `Only the first ${count.toLocaleString("en-US")} entries are in this file: the register holds more. Ask for the rest to be exported another way.`;

/** The register as a JSON document: who keeps it, when it was exported, and every entry. */
export async function breachRegisterJson(db: D1Database, now = new Date()): Promise<string> {
  const { rows, capped } = await wholeRegister(db);
  const document = {
    register: "Personal-data breach register (Data Protection Act 2019, s.43)",
    controller: company.legalName,
    exported_at: now.toISOString(),
    times: "ISO 8601, UTC",
    count: rows.length,
    complete: !capped,
    ...(capped ? { note: capNote(rows.length) } : {}),
    breaches: rows.map(exported),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

const record = (cells: readonly (string | number | null)[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** The register as CSV: a UTF-8 byte order mark, the field names, one line per entry (CRLF). */
export async function breachRegisterCsv(db: D1Database): Promise<string> {
  const { rows, capped } = await wholeRegister(db);
  let csv = `\uFEFF${record(FIELDS)}`;
  for (const row of rows) {
    const entry = exported(row);
    csv += record(FIELDS.map((field) => entry[field]));
  }
  return capped ? csv + record([capNote(rows.length)]) : csv;
}

/** The download's name: breach-register-2026-03-12.json (the Nairobi day). */
export const breachExportName = (extension: "json" | "csv", now = new Date()): string =>
  `breach-register-${nairobiDay(now)}.${extension}`;
