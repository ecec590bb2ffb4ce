/**
 * The breach register's rules (docs/breaches.md): an entry is recorded, and then updated only from
 * the version the owner saw; each change goes with its audit row; nothing is ever deleted. And
 * what its pages show: the entries with their 72-hour clocks, one entry with its history.
 */
import { parseCursor } from "../admin/keyset.ts";
import { cursorHref, type PagerHrefs, pagerHrefs } from "../admin/keyset-links.ts";
import { fetchKeysetPage, type Total } from "../admin/keyset-page.ts";
import type { BreachRow } from "../db/breach-tables.ts";
import type { AuditRow } from "../db/schema.ts";
import { nairobiYear } from "../lib/dates.ts";
import { ADMIN_BREACHES_PATH } from "../paths.ts";
import { breachEdit } from "./breach-changes.ts";
import { type BreachClock, breachClock, breachTime, odpcDeadline } from "./breach-clock.ts";
import { type BreachField, breachCopy } from "./breach-copy.ts";
import {
  BREACH_TEXT_MAX,
  type BreachProblem,
  nairobiInput,
  parseBreachUpdate,
  parseNewBreach,
} from "./breach-input.ts";
import { breachAudit, breachByNumber, breachListing, insertBreach, updateBreach } from "./breach-queries.ts";

/** The form's fields as text: what the owner typed (clipped to what a field holds), or the entry as stored. */
export type BreachFormValues = Record<BreachField, string>;

/** What the owner typed, shown back after a refusal: each field clipped to its own bound. */
function typedBreachFields(form: Record<string, string | undefined>): BreachFormValues {
  const typed = (field: BreachField) => {
    const max = field in BREACH_TEXT_MAX ? BREACH_TEXT_MAX[field as keyof typeof BREACH_TEXT_MAX] : 40;
    return Array.from(form[field] ?? "")
      .slice(0, max)
      .join("");
  };
  const fields = Object.keys(breachCopy.labels) as BreachField[];
  return Object.fromEntries(fields.map((field) => [field, typed(field)])) as BreachFormValues;
}

/** An entry as its update form starts. */
function storedFields(row: BreachRow): BreachFormValues {
  return {
    aware_at: nairobiInput(row.aware_at),
    what_happened: row.what_happened,
    data_concerned: row.data_concerned,
    people_concerned: row.people_concerned,
    people_count: row.people_count === null ? "" : String(row.people_count),
    risk: row.risk,
    risk_description: row.risk_description,
    actions_taken: row.actions_taken ?? "",
    odpc_notified_at: nairobiInput(row.odpc_notified_at),
    odpc_reference: row.odpc_reference ?? "",
    subjects_told: row.subjects_told,
    subjects_told_at: nairobiInput(row.subjects_told_at),
    subjects_told_how: row.subjects_told_how ?? "",
    closed: row.closed_at === null ? "" : "yes",
    version: String(row.version),
  };
}

/** A refusal's problems and what the owner typed, for the form to show back. */
export type BreachRefusal = { problems: BreachProblem[]; typed: BreachFormValues };

export type RecordResult = { ok: true; number: string } | ({ ok: false } & BreachRefusal);

/** Records a new entry (audited) numbered in the Nairobi year it is recorded; nothing when a field is wrong. */
export async function recordBreach(
  db: D1Database,
  form: Record<string, string | undefined>,
  actor: string,
  now = new Date(),
): Promise<RecordResult> {
  const parsed = parseNewBreach(form, now);
  if (!parsed.ok) return { ok: false, problems: parsed.problems, typed: typedBreachFields(form) };
  const facts = parsed.values;
  const detail = breachCopy.audit.recorded(
    breachCopy.risks[facts.risk],
    breachTime(facts.aware_at),
    breachTime(odpcDeadline(facts.aware_at)),
  );
  const stamp = { actor, at: now.toISOString() };
  return { ok: true, number: await insertBreach(db, facts, nairobiYear(now), stamp, detail) };
}

export type UpdateResult =
  | { ok: true; changed: boolean }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "conflict" }
  | ({ ok: false; reason: "invalid" } & BreachRefusal);

/**
 * Updates an entry from the version its form carried. A form made from an older version, or one
 * that loses the race to another save of the same version, changes nothing (conflict: the owner
 * reloads). A form that changes nothing writes nothing, not even an audit row.
 */
export async function updateBreachEntry(
  db: D1Database,
  number: string,
  form: Record<string, string | undefined>,
  actor: string,
  now = new Date(),
): Promise<UpdateResult> {
  const row = await breachByNumber(db, number);
  if (row === null) return { ok: false, reason: "not_found" };
  if (form.version !== String(row.version)) return { ok: false, reason: "conflict" };
  const parsed = parseBreachUpdate(form, now);
  if (!parsed.ok) return { ok: false, reason: "invalid", problems: parsed.problems, typed: typedBreachFields(form) };
  const edit = breachEdit(row, parsed.values, now.toISOString());
  if (edit === null) return { ok: true, changed: false };
  const stamp = { actor, at: now.toISOString() };
  const updated = await updateBreach(db, number, parsed.values.version, edit.changes, stamp, edit.detail);
  return updated ? { ok: true, changed: true } : { ok: false, reason: "conflict" };
}

/** An entry with where its clock stands now. */
export type ClockedBreach = { row: BreachRow; clock: BreachClock };

export type BreachListView = {
  rows: ClockedBreach[];
  /** The register's entries, counted up to 1,000. */
  total: Total;
  pages: PagerHrefs;
  /** The refused new entry (400), shown back in the form. */
  refused: BreachRefusal | null;
};

/**
 * The register's page: its entries newest first, a page at a time from a position in the register
 * (`after`, `before`, `oldest`; none for the newest), each with its clock.
 */
export async function breachListView(
  db: D1Database,
  params: URLSearchParams,
  now = new Date(),
  refused: BreachRefusal | null = null,
): Promise<BreachListView> {
  const listing = breachListing(db);
  const cursor = parseCursor((name) => params.get(name) ?? undefined, listing.kinds);
  const found = await fetchKeysetPage<BreachRow>(db, listing, cursor);
  return {
    rows: found.rows.map((row) => ({ row, clock: breachClock(row, now) })),
    total: found.total,
    pages: pagerHrefs(found.links, (at) => cursorHref(ADMIN_BREACHES_PATH, at)),
    refused,
  };
}

export type BreachEntryView = ClockedBreach & {
  history: AuditRow[];
  values: BreachFormValues;
  problems: BreachProblem[] | null;
  notice: "recorded" | "saved" | "unchanged" | null;
};

/** One entry, its history and its update form (as stored, or as typed after a refusal); null when none. */
export async function breachEntryView(
  db: D1Database,
  number: string,
  {
    now = new Date(),
    refused = null,
    notice = null,
  }: Partial<Pick<BreachEntryView, "notice">> & {
    now?: Date;
    refused?: BreachRefusal | null;
  } = {},
): Promise<BreachEntryView | null> {
  const row = await breachByNumber(db, number);
  if (row === null) return null;
  return {
    row,
    clock: breachClock(row, now),
    history: await breachAudit(db, number),
    // A refused form keeps what was typed, and the version it was made from: saving it again after
    // someone else's change is still a conflict.
    values: refused ? refused.typed : storedFields(row),
    problems: refused?.problems ?? null,
    notice,
  };
}
