import type { Context } from "hono";
import { MPESA_CALLBACK_PREFIX, mpesaOrderPath, PAYBILL_C2B_PREFIX } from "../paths.ts";

/**
 * Structured logs: every line the worker writes is one JSON object, so Workers Logs (and `wrangler
 * tail`) can filter on its fields. Each line carries at least `level`, `message`, `requestId` and
 * `path`; `orderId` (a Checkout Session id, which is also the order's id) and `error` where there
 * is one. Errors are given as `{ name, message }`, with `stack` added on error lines only: always a
 * field of the one line, never printed over several.
 *
 * Some addresses are keys: whoever reads them can act as their owner. Every string of every line is
 * passed through redactSecrets on its way out, so no route, error message or URL a caller adds can
 * put one in the log (docs/security.md, "Logs keep no keys").
 */
type LogLevel = "info" | "warn" | "error";

export type LogFields = {
  requestId?: string;
  path?: string;
  method?: string;
  orderId?: string;
  /** Anything caught: an Error is reduced to name, message (and stack on error lines). */
  error?: unknown;
  [field: string]: unknown;
};

export type Logger = {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

/** What a line needs when no Hono context is at hand: the request it belongs to, stated explicitly. */
type RequestFields = LogFields & { requestId: string; path: string };

/**
 * The log of a request: its id, method and path on every line. The id is the one the requestId()
 * middleware stored (what requestIdOf reads; that module logs through this one, so it is read here
 * directly rather than imported, which would make an import cycle).
 */
export function requestLog(c: Context, fields: LogFields = {}): Logger {
  const requestId = c.get("requestId") ?? "unknown";
  return logger({ requestId, method: c.req.method, path: c.req.path, ...fields });
}

/** The context-free form, for code without a Hono context: the caller names the request. */
export function logger(base: RequestFields): Logger {
  const write =
    (level: LogLevel) =>
    (message: string, fields: LogFields = {}) =>
      writeLine(level, message, { ...base, ...fields });
  return { info: write("info"), warn: write("warn"), error: write("error") };
}

/** The same log with more fields on every line (e.g. the quote or order a flow is about). */
export function withFields(base: Logger, fields: LogFields): Logger {
  return {
    info: (message, more) => base.info(message, { ...fields, ...more }),
    warn: (message, more) => base.warn(message, { ...fields, ...more }),
    error: (message, more) => base.error(message, { ...fields, ...more }),
  };
}

function writeLine(level: LogLevel, message: string, fields: LogFields): void {
  const { error, ...rest } = fields;
  const line: Record<string, unknown> = { level, message, ...rest };
  if (error !== undefined) line.error = errorFields(error, level === "error");
  const text = safeStringify(line);
  // The console method keeps the level visible to tools that read only it (Workers Logs, tail).
  if (level === "error") console.error(text);
  else if (level === "warn") console.warn(text);
  else console.log(text);
}

function errorFields(error: unknown, withStack: boolean): Record<string, unknown> {
  if (error instanceof Error) {
    const fields: Record<string, unknown> = { name: error.name, message: error.message };
    if (withStack && error.stack) fields.stack = error.stack;
    return fields;
  }
  return { name: typeof error, message: String(error) };
}

/** What a secret is replaced with: says something was there, not what. */
const REDACTED = "[redacted]";

/** A path segment, or a query's value: each runs until what ends it, a space or a quote. */
const SEGMENT = "[^/?#\\s\"'<>]+";
const QUERY_VALUE = "[^&#\\s\"'<>]+";

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A path prefix whose next segment is a key, in any case a request may write it. */
const keyedSegment = (prefix: string): RegExp => new RegExp(`(${escapeRegExp(prefix)})${SEGMENT}`, "gi");

/**
 * The secrets an address can carry: Daraja's callback token (/mpesa/callback/<token>), the C2B
 * addresses' secret (/payments/c2b/<secret>/…), an M-Pesa order's reference (/mpesa/order/<uuid>,
 * the waiting page's only key), and the keys of receipt and quote links (?k=) and one-time billing
 * links (?token=).
 */
const SECRET_PATTERNS: RegExp[] = [
  keyedSegment(MPESA_CALLBACK_PREFIX),
  keyedSegment(`${PAYBILL_C2B_PREFIX}/`),
  keyedSegment(mpesaOrderPath("")),
  new RegExp(`([?&](?:k|token)=)${QUERY_VALUE}`, "gi"),
];

/** The text with every secret above replaced, the rest (e.g. /status after an order's key) kept. */
function redactSecrets(text: string): string {
  return SECRET_PATTERNS.reduce((out, pattern) => out.replace(pattern, `$1${REDACTED}`), text);
}

/** Each value as it may be written: strings without secrets, BigInts as digits (JSON has none). */
function loggable(_key: string, value: unknown): unknown {
  if (typeof value === "string") return redactSecrets(value);
  return typeof value === "bigint" ? value.toString() : value;
}

/** JSON.stringify that cannot throw (a cyclic or BigInt field is replaced, not fatal to the request). */
function safeStringify(line: Record<string, unknown>): string {
  try {
    return JSON.stringify(line, loggable);
  } catch {
    const { level, message, requestId, path } = line;
    return JSON.stringify({ level, message, requestId, path }, loggable);
  }
}
