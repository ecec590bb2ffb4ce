/**
 * One cron step's log line (issue 37, "Crons in bounded work"): every step examines or changes at
 * most a fixed number of rows a run (its budget, a named constant beside it) and leaves the rest to
 * the next run. Its line says how many rows it took, how long it took, and whether it stopped on
 * its budget: `{ step: "retention.enquiries", rows: 120, ms: 35, budgetReached: false }`. A step
 * that ran out of budget every run is falling behind, and the log shows it.
 */
import type { Logger } from "./log.ts";

/** What a step did in this run, filled in as it goes (a step that fails part-way still says so). */
export type StepTally = { rows: number; budgetReached: boolean };

/** Counts `rows` taken against a read of at most `budget` rows: a read that filled it may have left some. */
export function tally(into: StepTally | undefined, rows: number, budget: number): void {
  if (!into) return;
  into.rows += rows;
  if (rows >= budget) into.budgetReached = true;
}

/**
 * Runs `work` as the step `step` and writes its one line: info when it ran, error (with the error)
 * when it threw, which is then thrown on to the caller.
 */
export async function timedStep<T>(log: Logger, step: string, work: (tally: StepTally) => Promise<T>): Promise<T> {
  const counted: StepTally = { rows: 0, budgetReached: false };
  const started = Date.now();
  const line = () => ({ step, rows: counted.rows, ms: Date.now() - started, budgetReached: counted.budgetReached });
  try {
    const result = await work(counted);
    log.info("Cron step", line());
    return result;
  } catch (error) {
    log.error("Cron step failed", { ...line(), error });
    throw error;
  }
}
