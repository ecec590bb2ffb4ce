import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import { handToQueue } from "./enqueue.ts";
import { staleQueued } from "./outbox.ts";

/** A row never handed to the queue gets another try after this long. */
const NEVER_ENQUEUED_AFTER_SECONDS = 120;
/**
 * Longer than every retry of one message takes (5 retries of at most 10 min each: a retry waits
 * 30 s … 8 min, or waits out another delivery's 10-minute claim): it was lost.
 */
const LOST_AFTER_SECONDS = 60 * 60;
/** Rows handed over a run: the queue takes them in batches, and the next run takes the rest (the WHERE no longer finds a row once it is enqueued again). */
const SWEEP_BUDGET = 100;

/**
 * The Cron Trigger's sweep: queued e-mails the queue never received (it was unavailable when the
 * request recorded them) or lost are handed over again, so no e-mail is lost. Handing a row over
 * twice does not send it twice: the consumer claims a row before sending it and sends nothing while
 * another delivery's claim holds or once the row is sent, and the sweep skips rows being sent. An
 * e-mail can still go twice in the cases docs/email.md names (a send that outlives its claim, or
 * whose success nothing could record): at most once per claim, at least once overall.
 */
export async function sweepOutbox({ env, log }: WorkContext, counted?: StepTally): Promise<number> {
  const ids = await staleQueued(env.DB, NEVER_ENQUEUED_AFTER_SECONDS, LOST_AFTER_SECONDS, SWEEP_BUDGET);
  tally(counted, ids.length, SWEEP_BUDGET);
  if (ids.length === 0) return 0;
  await handToQueue(env, ids);
  log.info("Outbox sweep handed e-mails to the queue again", { count: ids.length });
  return ids.length;
}
