import { type Answer, header } from "./http.ts";

/** One thing the live site got wrong: what was checked, on which path, what it should and did answer. */
export type Failure = { what: string; where: string; expected: string; got: string };

export function formatFailure(f: Failure): string {
  return `FAIL ${f.where}: ${f.what}: expected ${f.expected}, got ${f.got}`;
}

/** Collects the outcome of every check, so one run reports all failures rather than the first. */
export class Checks {
  readonly failures: Failure[] = [];
  count = 0;

  /** Records one check; `got` is only read when it failed. */
  expect(ok: boolean, where: string, what: string, expected: string, got: () => string): boolean {
    this.count++;
    if (!ok) this.failures.push({ what, where, expected, got: got() });
    return ok;
  }

  status(answer: Answer, where: string, expected: number): boolean {
    return this.expect(answer.status === expected, where, "status", String(expected), () => String(answer.status));
  }

  contentType(answer: Answer, where: string, expected: RegExp, label: string): void {
    const type = header(answer, "content-type");
    this.expect(expected.test(type), where, "Content-Type", label, () => type || "none");
  }

  /** A header that must be there with exactly this value (case aside), or, without one, present at all. */
  header(answer: Answer, where: string, name: string, value?: string): void {
    const got = header(answer, name);
    const ok = value === undefined ? got !== "" : got.toLowerCase() === value.toLowerCase();
    this.expect(ok, where, name, value ?? "present", () => got || "none");
  }

  /** A request that got no answer at all (refused, reset, timed out) fails every check it stood for. */
  unreachable(where: string, what: string, err: unknown): void {
    this.count++;
    const reason = err instanceof Error ? err.message : String(err);
    this.failures.push({ what, where, expected: "an answer", got: `no answer (${reason})` });
  }
}

export const CONTENT_TYPES = {
  html: { pattern: /^text\/html\b/i, label: "text/html" },
  xml: { pattern: /^(application|text)\/xml\b/i, label: "application/xml" },
  text: { pattern: /^text\/plain\b/i, label: "text/plain" },
  svg: { pattern: /^image\/svg\+xml\b/i, label: "image/svg+xml" },
  ico: { pattern: /^image\/(x-icon|vnd\.microsoft\.icon)\b/i, label: "image/x-icon" },
  js: { pattern: /^(text|application)\/javascript\b/i, label: "text/javascript" },
  css: { pattern: /^text\/css\b/i, label: "text/css" },
} as const;

/**
 * The headers src/security/headers.ts puts on every answer of the worker. HSTS only counts over
 * https (a browser ignores it on http, and the local site is http). Cross-Origin-Opener-Policy is
 * left out: pages that are the same for every visitor go without it on purpose.
 */
export function workerHeaders(checks: Checks, answer: Answer, where: string, https: boolean): void {
  checks.header(answer, where, "Content-Security-Policy");
  staticHeaders(checks, answer, where, https);
  checks.header(answer, where, "X-Frame-Options", "DENY");
  checks.header(answer, where, "Referrer-Policy");
  checks.header(answer, where, "Cross-Origin-Resource-Policy", "same-origin");
  checks.header(answer, where, "Permissions-Policy");
  const poweredBy = header(answer, "x-powered-by");
  checks.expect(poweredBy === "", where, "X-Powered-By", "absent", () => poweredBy);
}

/** What even a static file (served by the platform from public/_headers, not the worker) carries. */
export function staticHeaders(checks: Checks, answer: Answer, where: string, https: boolean): void {
  checks.header(answer, where, "X-Content-Type-Options", "nosniff");
  if (https) {
    const hsts = header(answer, "strict-transport-security");
    checks.expect(/max-age=\d+/i.test(hsts), where, "Strict-Transport-Security", "max-age=…", () => hsts || "none");
  }
}
