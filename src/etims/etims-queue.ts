/**
 * The eTIMS queue (wrangler.toml, acacia-etims): each message is a nudge to send the waiting sales,
 * so a batch of nudges is one sender run. A run that could not reach KRA leaves the sales waiting
 * with their backoff; the 5-minute sweep sends them, so the messages are always acknowledged.
 */
import { runContext } from "../http/work-context.ts";
import { reportWaitingSales } from "./report-sales.ts";

export async function consumeSaleNudges(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const context = runContext(env, `queue:${batch.queue}`, "etims");
  try {
    await reportWaitingSales(context);
  } catch (error) {
    context.log.error("The eTIMS sender failed: the sweep sends the sales", { error });
  }
  batch.ackAll();
}
