// Crons in bounded work (issue 37): each step takes at most its row budget a run, says so in its
// one log line (rows, ms, budgetReached), and the next run goes on where it stopped, no row examined
// twice in a pass and none missed.
import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { timedStep } from "../../src/http/cron-step.ts";
import type { LogFields, Logger } from "../../src/http/log.ts";
import worker from "../../src/index.ts";
import { RETENTION_LIMITS, type RetentionLimits, sweepRetention } from "../../src/privacy/retention.ts";
import { makeMessage, makeOrder } from "./support/factories.ts";
import { workContext } from "./support/work-context.ts";

const NOW = new Date("2026-03-31T04:00:00.000Z");
const LONG_AGO = (second: number) => new Date(Date.UTC(2020, 0, 1, 0, 0, second)).toISOString();

type Line = { level: string; message: string; fields: LogFields };
function recordingLog(): Logger & { lines: Line[] } {
  const lines: Line[] = [];
  const write =
    (level: string) =>
    (message: string, fields: LogFields = {}) =>
      lines.push({ level, message, fields });
  return { lines, info: write("info"), warn: write("warn"), error: write("error") };
}

const stepLine = (log: { lines: Line[] }, step: string) =>
  log.lines.find((line) => line.message === "Cron step" && line.fields.step === step)?.fields;

async function messageIds(): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT id FROM contact_messages ORDER BY id").all<{ id: number }>();
  return results.map((row) => row.id);
}

async function cursors(): Promise<{ step: string; id: string }[]> {
  const { results } = await env.DB.prepare("SELECT step, id FROM cron_cursors ORDER BY step").all<{
    step: string;
    id: string;
  }>();
  return results;
}

describe("a retention rule that stops on its budget goes on where it stopped", () => {
  it("old enquiries two a run: each run examines the next two, kept ones are not read again, the last run ends the pass", async () => {
    // A client (a paid order) whose enquiries are kept, between strangers whose enquiries go.
    await makeOrder({ customer_email: "client@example.com", status: "paid" });
    const kept = [];
    const gone = [];
    for (let i = 0; i < 3; i++) {
      kept.push(await makeMessage({ email: "Client@Example.com", created_at: LONG_AGO(2 * i) }));
      if (i < 2) gone.push(await makeMessage({ email: `stranger${i}@example.net`, created_at: LONG_AGO(2 * i + 1) }));
    }
    const limits: RetentionLimits = { ...RETENTION_LIMITS, enquiries: { page: 2, pages: 1 } };
    const runs = [];
    for (let run = 0; run < 3; run++) {
      const log = recordingLog();
      const result = await sweepRetention(workContext(env, { log }), NOW, limits);
      runs.push({ erased: result.counts.enquiries, line: stepLine(log, "retention.enquiries"), left: await cursors() });
    }

    // Run 1: the client's first and stranger 0; run 2: the client's second and stranger 1; run 3: the last one.
    expect(runs.map((r) => r.erased)).toEqual([1, 1, 0]);
    expect(runs.map((r) => r.line?.rows)).toEqual([2, 2, 1]);
    expect(runs.map((r) => r.line?.budgetReached)).toEqual([true, true, false]);
    for (const { line } of runs) expect(line?.ms).toEqual(expect.any(Number));
    // Where each run stopped: after stranger 0, after stranger 1, then the pass is over.
    expect(runs.map((r) => r.left.filter((c) => c.step === "retention.enquiries").map((c) => c.id))).toEqual([
      [String(gone[0])],
      [String(gone[1])],
      [],
    ]);
    expect(await messageIds()).toEqual(kept);
  });

  it("without a saved place the same budget would never get past kept rows: the next pass starts again from the first", async () => {
    const log = recordingLog();
    await sweepRetention(workContext(env, { log }), NOW, { ...RETENTION_LIMITS, enquiries: { page: 2, pages: 1 } });
    // A new pass: the client's first two enquiries again, nothing erased, the place saved after them.
    expect(stepLine(log, "retention.enquiries")).toMatchObject({ rows: 2, budgetReached: true });
    const [first, second] = await messageIds();
    expect((await cursors()).find((c) => c.step === "retention.enquiries")?.id).toBe(String(second));
    expect(first).toBeLessThan(Number(second));
  });

  it("unpaid checkouts one a run: the WHERE no longer finds what went, so each run takes the next", async () => {
    const unpaid = [];
    for (let i = 0; i < 2; i++) unpaid.push(await makeOrder({ status: "expired", created_at: LONG_AGO(i) }));
    const limits: RetentionLimits = { ...RETENTION_LIMITS, orders: 1 };
    const lines = [];
    for (let run = 0; run < 3; run++) {
      const log = recordingLog();
      await sweepRetention(workContext(env, { log }), NOW, limits);
      lines.push(stepLine(log, "retention.unpaidOrders"));
    }
    expect(lines.map((line) => [line?.rows, line?.budgetReached])).toEqual([
      [1, true],
      [1, true],
      [0, false],
    ]);
    const { results } = await env.DB.prepare("SELECT order_id FROM orders WHERE status = 'expired'").all();
    expect(results).toEqual([]);
  });
});

describe("each step's log line", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a step that throws writes one error line with its name and time, and the error goes on", async () => {
    const log = recordingLog();
    const failing = timedStep(log, "example.step", async (counted) => {
      counted.rows = 3;
      throw new Error("D1 busy");
    });
    await expect(failing).rejects.toThrow("D1 busy");
    expect(log.lines).toEqual([
      {
        level: "error",
        message: "Cron step failed",
        fields: expect.objectContaining({
          step: "example.step",
          rows: 3,
          ms: expect.any(Number),
          budgetReached: false,
        }),
      },
    ]);
  });

  it("both Cron triggers write one line per step, with rows and milliseconds", async () => {
    const printed: string[] = [];
    vi.spyOn(console, "log").mockImplementation((text: string) => void printed.push(text));
    const steps = async (cron: string) => {
      printed.length = 0;
      await worker.scheduled(createScheduledController({ cron, scheduledTime: NOW.getTime() }), env);
      const lines = printed
        .filter((text) => typeof text === "string" && text.includes('"Cron step"'))
        .map((text) => JSON.parse(text));
      for (const line of lines) expect(line).toMatchObject({ rows: expect.any(Number), ms: expect.any(Number) });
      return lines.map((line) => line.step).sort();
    };
    expect(await steps("*/5 * * * *")).toEqual(
      [
        "alerts.breaches",
        "alerts.etims",
        "alerts.stuckPayments",
        "budgets.forget",
        "etims.sales",
        "mpesa.plans",
        "mpesa.requests",
        "outbox.sweep",
        "receipts.pdfs",
      ].sort(),
    );
    const retentionRules = Object.keys((await sweepRetention(workContext(), NOW)).counts).map((r) => `retention.${r}`);
    expect(await steps("0 4 * * *")).toEqual(
      ["dataRequests.overdue", "digest", "insight.salts", ...retentionRules].sort(),
    );
  }, 60_000);
});
