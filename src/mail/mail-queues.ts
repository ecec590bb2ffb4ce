/** The queues of wrangler.toml: e-mails to send, and those the queue gave up on. */
export const MAIL_QUEUE_NAME = "acacia-mail";
export const MAIL_DEAD_LETTER_QUEUE_NAME = "acacia-mail-dlq";

/** Seconds before retry n (1, 2, …): 30 s, 1 min, 2 min, 4 min, 8 min; max_retries in wrangler.toml is 5. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 900);
}

/**
 * How long a delivery's claim on an outbox row holds: far longer than one send takes (seconds, a
 * quote's PDF included), and longer than every retry of a "sent, mark it" message (below), so that
 * message lands while the claim still keeps other deliveries from sending. A delivery that died
 * mid-send is retried once it has passed.
 */
export const CLAIM_LEASE_SECONDS = 10 * 60;

/** A "sent, mark it" message is retried this often (5 times: 2.5 min in all, well inside the lease). */
export const MARK_RETRY_DELAY_SECONDS = 30;

/** A delivery that found the row claimed looks again this long after that claim runs out. */
export const AFTER_LEASE_SECONDS = 5;
