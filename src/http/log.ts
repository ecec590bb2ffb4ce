import type { Context } from "hono";

/**
 * Structured logs: every line the worker writes is one JSON object, so Workers Logs (and `wrangler
 * tail`) can filter on its fields. Each line carries at least `level`, `message`, `requestId` and
 * `path`; `sessionId` (a Checkout Session id, which is also the order's id) and `error` where there
 * is one. Errors are given as `{ name, message }`, with `stack` added on error lines only: always a
 * field of the one line, never printed over several.
 */
type LogLevel = "info" | "warn" | "error";

export type LogFields = {
  requestId?: string;
  path?: string;
  method?: string;
  sessionId?: string;
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
 * The logger of a request: its id, method and path on every line. The id is the one the requestId()
 * middleware stored (what requestIdOf reads; that module logs through this one, so it is read here
 * directly rather than imported, which would make an import cycle).
 */
export function log(c: Context, fields: LogFields = {}): Logger {
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

/** The same logger with more fields on every line (e.g. the quote or order a flow is about). */
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

/** JSON.stringify that cannot throw (a cyclic or BigInt field is replaced, not fatal to the request). */
function safeStringify(line: Record<string, unknown>): string {
  try {
    return JSON.stringify(line, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
  } catch {
    return JSON.stringify({ level: line.level, message: line.message, requestId: line.requestId, path: line.path });
  }
}
