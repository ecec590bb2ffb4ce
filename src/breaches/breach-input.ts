/**
 * The register's forms, read and checked field by field: every problem is listed at once, so the
 * owner mends them in one go, and nothing is saved while one remains. Times are typed on Nairobi's
 * clock (a datetime-local field) and stored as UTC instants.
 */
import type { BreachRow } from "../db/breach-tables.ts";
import { breachRisks, breachToldStates } from "../db/breach-tables.ts";
import { nairobiStamp, nairobiStampParts } from "../lib/dates.ts";
import { isWellFormedText } from "../lib/well-formed-text.ts";
import { z } from "../lib/zod.ts";
import { type BreachField, breachCopy } from "./breach-copy.ts";

const copy = breachCopy.problems;
const label = (field: BreachField) => breachCopy.labels[field];

/** The most each text may hold, in characters (migrations/0023's CHECKs). */
export const BREACH_TEXT_MAX = {
  what_happened: 4000,
  data_concerned: 2000,
  people_concerned: 2000,
  risk_description: 2000,
  actions_taken: 4000,
  odpc_reference: 100,
  subjects_told_how: 500,
} as const satisfies Partial<Record<BreachField, number>>;

/** The Data Protection Act 2019 came into force on 25 November 2019: no breach is registered before. */
const EARLIEST_AWARE = "2019-11-24T21:00:00.000Z";
const MAX_PEOPLE = 1_000_000_000;

export type BreachFacts = Pick<
  BreachRow,
  | "aware_at"
  | "what_happened"
  | "data_concerned"
  | "people_concerned"
  | "people_count"
  | "risk"
  | "risk_description"
  | "actions_taken"
>;
type BreachFollowUp = Pick<
  BreachRow,
  "odpc_notified_at" | "odpc_reference" | "subjects_told" | "subjects_told_at" | "subjects_told_how"
> & { closed: boolean };
export type BreachUpdate = BreachFacts & BreachFollowUp & { version: number };

export type BreachProblem = { field: BreachField; message: string };
export type Parsed<T> = { ok: true; values: T } | { ok: false; problems: BreachProblem[] };

type Form = Record<string, string | undefined>;

/** Nairobi's wall-clock time typed in a datetime-local field (or with a space), as a UTC instant. */
function nairobiInstant(text: string): string | null {
  const parts = text.match(/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/);
  if (!parts) return null;
  const [, y, mo, d, h, mi, s = "00"] = parts;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.000+03:00`);
  if (Number.isNaN(at.getTime())) return null;
  // A day the month lacks (31 April) would roll over: only a time that reads back the same is one.
  return nairobiStamp(at) === `${y}${mo}${d}${h}${mi}${s}` ? at.toISOString() : null;
}

/** A stored instant as a datetime-local field shows it: "2026-03-12T14:05" on Nairobi's clock. */
export function nairobiInput(iso: string | null): string {
  const t = iso ? nairobiStampParts(nairobiStamp(iso)) : null;
  return t ? `${t.year}-${t.month}-${t.day}T${t.hours}:${t.minutes}` : "";
}

/** Control characters other than TAB and a line break (CR LF and CR are made LF first). */
const hasControl = (text: string): boolean => /\p{Cc}/u.test(text.replace(/[\t\n]/g, ""));

/** A text field: trimmed, line breaks as LF, well-formed, no control character, within its length. */
function textSchema(field: keyof typeof BREACH_TEXT_MAX, required: boolean, oneLine = false) {
  const name = label(field);
  return z
    .string()
    .optional()
    .transform((text) => (text ?? "").replace(/\r\n?/g, "\n").trim())
    .refine(isWellFormedText, { message: copy.invalidText(name), abort: true })
    .refine((text) => !hasControl(text), { message: copy.control(name), abort: true })
    .refine((text) => !(oneLine && text.includes("\n")), { message: copy.oneLine(name), abort: true })
    .refine((text) => !required || text !== "", { message: copy.missing(name), abort: true })
    .superRefine((text, ctx) => {
      const length = Array.from(text).length;
      const max = BREACH_TEXT_MAX[field];
      if (length > max) ctx.addIssue({ code: "custom", message: copy.tooLong(name, max, length) });
    })
    .transform((text) => (text === "" ? null : text));
}

/** A time field: empty is null (or missing, when required); never in the future nor before the Act. */
function timeSchema(field: BreachField, required: boolean, now: Date) {
  const name = label(field);
  return z
    .string()
    .optional()
    .transform((text) => (text ?? "").trim())
    .refine((text) => !required || text !== "", { message: copy.missing(name), abort: true })
    .transform((text) => (text === "" ? null : nairobiInstant(text.slice(0, 40))))
    .refine((at) => at !== null || !required, { message: copy.time(name), abort: true })
    .refine((at) => at === null || at <= now.toISOString(), { message: copy.future(name), abort: true })
    .refine((at) => at === null || at >= EARLIEST_AWARE, { message: copy.tooEarly(name) });
}

/** An empty time field given something that is not a time: told apart from one left empty. */
const typedButUnreadable = (form: Form, field: BreachField) => (form[field] ?? "").trim() !== "";

const countSchema = z
  .string()
  .optional()
  .transform((text) => (text ?? "").trim())
  .transform((text, ctx) => {
    if (text === "" || text.toLowerCase() === "unknown") return null;
    const digits = /^(\d{1,3}(,\d{3})+|\d{1,10})$/.test(text) ? Number(text.replaceAll(",", "")) : Number.NaN;
    if (Number.isSafeInteger(digits) && digits <= MAX_PEOPLE) return digits;
    ctx.addIssue({ code: "custom", message: copy.count(label("people_count")) });
    return z.NEVER;
  });

const choice = <T extends readonly [string, ...string[]]>(values: T, field: BreachField) =>
  z.enum(values, { error: copy.choice(label(field)) });

/** Reads each field with its schema; the problems of all of them, or every value. */
function readFields<S extends Record<string, z.ZodType>>(schemas: S, form: Form) {
  const problems: BreachProblem[] = [];
  const values: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(schemas)) {
    const result = schema.safeParse(form[field]);
    if (result.success) values[field] = result.data;
    else
      for (const issue of result.error.issues) problems.push({ field: field as BreachField, message: issue.message });
  }
  return { problems, values: values as { [K in keyof S]: z.output<S[K]> | undefined } };
}

const factSchemas = (now: Date) => ({
  aware_at: timeSchema("aware_at", true, now),
  what_happened: textSchema("what_happened", true),
  data_concerned: textSchema("data_concerned", true),
  people_concerned: textSchema("people_concerned", true),
  people_count: countSchema,
  risk: choice(breachRisks, "risk"),
  risk_description: textSchema("risk_description", true),
  actions_taken: textSchema("actions_taken", false),
});

/** A new entry's facts. */
export function parseNewBreach(form: Form, now: Date): Parsed<BreachFacts> {
  const { problems, values } = readFields(factSchemas(now), form);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values: values as BreachFacts };
}

const followUpSchemas = (now: Date) => ({
  odpc_notified_at: timeSchema("odpc_notified_at", false, now),
  odpc_reference: textSchema("odpc_reference", false, true),
  subjects_told: choice(breachToldStates, "subjects_told"),
  subjects_told_at: timeSchema("subjects_told_at", false, now),
  subjects_told_how: textSchema("subjects_told_how", false, true),
  closed: z
    .string()
    .optional()
    .transform((text) => text === "yes"),
  version: z
    .string({ error: copy.version })
    .regex(/^[1-9]\d{0,8}$/, { error: copy.version })
    .transform(Number),
});

/** What only makes sense together: times after we became aware, a told state with its time and how, closing. */
function crossChecks(v: Partial<BreachUpdate>, form: Form): BreachProblem[] {
  const problems: BreachProblem[] = [];
  const problem = (field: BreachField, message: string) => problems.push({ field, message });
  for (const field of ["odpc_notified_at", "subjects_told_at"] as const) {
    const at = v[field];
    if (at && v.aware_at && at < v.aware_at) problem(field, copy.beforeAware(label(field)));
    if (at === null && typedButUnreadable(form, field)) problem(field, copy.time(label(field)));
  }
  if (v.odpc_reference && v.odpc_notified_at === null && !typedButUnreadable(form, "odpc_notified_at")) {
    problem("odpc_reference", copy.referenceWithoutTime);
  }
  if (v.subjects_told === "yes" && v.subjects_told_at === null && !typedButUnreadable(form, "subjects_told_at")) {
    problem("subjects_told_at", copy.toldWithoutTime);
  }
  if (v.subjects_told && v.subjects_told !== "yes" && v.subjects_told_at) {
    problem("subjects_told_at", copy.timeWithoutTold);
  }
  if (v.subjects_told && v.subjects_told !== "no" && v.subjects_told_how === null) {
    problem("subjects_told_how", copy.toldWithoutHow);
  }
  if (v.closed && v.risk === "assessing") problem("closed", copy.closeAssessing);
  if (v.closed && v.risk === "yes" && v.odpc_notified_at === null) problem("closed", copy.closeNotNotified);
  if (v.closed && v.risk === "yes" && v.subjects_told === "no") problem("closed", copy.closeNotTold);
  return problems;
}

/** An update of an entry: its facts, what followed, and the version the form was made from. */
export function parseBreachUpdate(form: Form, now: Date): Parsed<BreachUpdate> {
  const { problems, values } = readFields({ ...factSchemas(now), ...followUpSchemas(now) }, form);
  const all = [...problems, ...crossChecks(values as Partial<BreachUpdate>, form)];
  return all.length > 0 ? { ok: false, problems: all } : { ok: true, values: values as BreachUpdate };
}
