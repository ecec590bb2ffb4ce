/** The queues of wrangler.toml: e-mails to send, and those the queue gave up on. */
export const MAIL_QUEUE_NAME = "acacia-mail";
export const MAIL_DEAD_LETTER_QUEUE_NAME = "acacia-mail-dlq";

/** Seconds before retry n (1, 2, …): 30 s, 1 min, 2 min, 4 min, 8 min; max_retries in wrangler.toml is 5. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 900);
}
