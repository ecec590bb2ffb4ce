// OSCU's envelope `{ resultCd, resultMsg, resultDt, data }`, its result codes, and a field reader
// that turns the first broken rule into a refusal naming the field, as KRA's resultMsg does.

/** KRA's result codes the stand-in answers with (docs/code-definition/api-response-code.md). */
export const RESULT = {
  ok: "000",
  noHeader: "900",
  invalidDevice: "901",
  parameter: "910",
  method: "912",
  overlapped: "994",
  unknown: "999",
} as const;

export const SUCCEEDED = "It is succeeded";

export type OscuAnswer = { resultCd: string; resultMsg: string; resultDt: string; data: unknown };

/** A refusal: KRA answers it with HTTP 200 and a resultCd other than "000". */
export class OscuRefusal extends Error {
  readonly resultCd: string;
  constructor(resultCd: string, message: string) {
    super(message);
    this.resultCd = resultCd;
  }
}

export const refusal = (field: string, problem: string) => new OscuRefusal(RESULT.parameter, `${field}: ${problem}`);

/** Nairobi is UTC+3 all year, and KRA stamps everything in its local time. */
export function nairobiStamp(date: Date = new Date()): string {
  return new Date(date.getTime() + 3 * 3_600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

export const answer = (resultCd: string, resultMsg: string, data: unknown = null): OscuAnswer => ({
  resultCd,
  resultMsg,
  resultDt: nairobiStamp(),
  data,
});

/** Whole cents of an amount already checked to have at most two decimals. */
export const cents = (x: number): number => Math.round(x * 100);

/** At most two decimals, allowing for binary floating point (0.1 + 0.2 and friends). */
export const hasCents = (x: number): boolean => Math.abs(Math.round(x * 100) - x * 100) < 1e-6;

const DATE_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** YYYYMMDDhhmmss naming a moment that exists (no 31 February, no 24:00). */
export function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
}

export const isDate = (value: string): boolean => /^\d{8}$/.test(value) && isDateTime(`${value}000000`);

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type TextRule = { max: number; pattern?: RegExp; hint?: string };

/** Reads one JSON object's fields; every refusal names `<prefix><field>`. */
export class FieldReader {
  readonly body: Json;
  readonly prefix: string;
  constructor(body: Json, prefix = "") {
    this.body = body;
    this.prefix = prefix;
  }

  fail(field: string, problem: string): OscuRefusal {
    return refusal(`${this.prefix}${field}`, problem);
  }

  /** Absent and null are the same to KRA: a field not given. */
  has(field: string): boolean {
    return this.body[field] !== undefined && this.body[field] !== null;
  }

  text(field: string, rule: TextRule): string {
    const value = this.body[field];
    if (!this.has(field)) throw this.fail(field, "is required");
    if (typeof value !== "string") throw this.fail(field, "must be a string");
    if (value.trim() === "") throw this.fail(field, "must not be empty");
    if (value.length > rule.max) throw this.fail(field, `must be at most ${rule.max} characters`);
    if (rule.pattern && !rule.pattern.test(value)) throw this.fail(field, `must be ${rule.hint ?? rule.pattern}`);
    return value;
  }

  /** An optional text left empty is not given either. */
  optionalText(field: string, rule: TextRule): string | null {
    return this.has(field) && this.body[field] !== "" ? this.text(field, rule) : null;
  }

  oneOf(field: string, allowed: readonly string[]): string {
    const value = this.text(field, { max: 5 });
    if (!allowed.includes(value)) throw this.fail(field, `must be one of ${allowed.join(", ")}, got "${value}"`);
    return value;
  }

  yn(field: string): string {
    return this.oneOf(field, ["Y", "N"]);
  }

  dateTime(field: string): string {
    const value = this.text(field, { max: 14 });
    if (!isDateTime(value)) throw this.fail(field, `must be a real date-time YYYYMMDDhhmmss, got "${value}"`);
    return value;
  }

  date(field: string): string {
    const value = this.text(field, { max: 8 });
    if (!isDate(value)) throw this.fail(field, `must be a real date YYYYMMDD, got "${value}"`);
    return value;
  }

  number(field: string): number {
    const value = this.body[field];
    if (!this.has(field)) throw this.fail(field, "is required");
    if (typeof value !== "number" || !Number.isFinite(value)) throw this.fail(field, "must be a JSON number");
    return value;
  }

  whole(field: string, min: number): number {
    const value = this.number(field);
    if (!Number.isSafeInteger(value) || value < min) throw this.fail(field, `must be a whole number ≥ ${min}`);
    return value;
  }

  /** A JSON number ≥ 0 with at most two decimals, answered in whole cents. */
  amount(field: string): number {
    const value = this.number(field);
    if (value < 0) throw this.fail(field, `must not be negative, got ${value}`);
    if (!hasCents(value)) throw this.fail(field, `must have at most 2 decimals, got ${value}`);
    return cents(value);
  }

  /** An amount that may be left out (absent or null): undefined then. */
  optionalAmount(field: string): number | undefined {
    return this.has(field) ? this.amount(field) : undefined;
  }

  /** Registration and modification names: present, non-empty, within KRA's lengths. */
  registrar(): void {
    for (const id of ["regrId", "modrId"]) this.text(id, { max: 20 });
    for (const name of ["regrNm", "modrNm"]) this.text(name, { max: 60 });
  }
}

export const TAX_TYPES = ["A", "B", "C", "D", "E"] as const;
export type TaxTypeCode = (typeof TAX_TYPES)[number];

/** A line's VAT rate by tax type: B 16%, E 8%, the others none. */
export const TAX_RATE_PERCENT: Record<TaxTypeCode, number> = { A: 0, B: 16, C: 0, D: 0, E: 8 };

/** Keys sorted at every level: two bodies with the same content compare equal as text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
