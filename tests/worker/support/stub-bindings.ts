// Vitest setup file of the `worker` project (runs in workerd before each test file): the rate
// limiting bindings and the mail queue are replaced by deterministic stand-ins, so no test waits
// on the wall clock.
//
// - Each limiter counts per key, against the limit wrangler.toml gives it (the ceilings for all
//   visitors together raised, see vitest.config.ts), and never rolls over: a client that used up
//   its allowance stays refused for the rest of the file. That is the real limiter inside one
//   window, without the window turning at a whole minute (which made tests wait for a fresh one).
// - The mail queue accepts and records, and delivers nothing: nothing is in flight when a file
//   ends, so there is no queue to wait out (tests/worker/support/drain-mail-queue.ts).
//
// The tests about limits and delivery themselves run in the `limits` and `ceilings` projects,
// with the real bindings.
//
// Why here and not in the miniflare options: wrangler.toml's [[ratelimits]] and queue producer
// come to the Workers pool through its wrangler config, and miniflare (5.x) puts its rate limiting
// bindings after service bindings, so a binding of the same name given in vitest.config.ts never
// replaces them; and the pool's `env` is the very object the worker's handlers receive (the
// Proxy tests/worker/support/env.ts warns about), so setting it once per file reaches every
// request, queue batch and cron the file makes.
import { env } from "cloudflare:workers";
import { limitersCountWithoutWindows } from "../../support/limiter-window.ts";

declare global {
  namespace Cloudflare {
    interface Env {
      /** The rate limiting bindings to replace and each one's limit a window (vitest.config.ts). */
      TEST_COUNTING_LIMITS: Record<string, number>;
    }
  }
}

/** A limiter that counts per key, like Workers rate limiting within one window. */
function countingLimiter(limit: number): RateLimit {
  const counts = new Map<string, number>();
  return {
    async limit({ key }: RateLimitOptions): Promise<RateLimitOutcome> {
      const used = counts.get(key) ?? 0;
      if (used >= limit) return { success: false };
      counts.set(key, used + 1);
      return { success: true };
    },
  };
}

/** A queue that takes every message and delivers none. */
function recordingQueue(): Queue & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    async send(body: unknown) {
      sent.push(body);
    },
    async sendBatch(messages: Iterable<MessageSendRequest>) {
      for (const message of messages) sent.push(message.body);
    },
  } as unknown as Queue & { sent: unknown[] };
}

const bindings = env as unknown as Record<string, unknown>;
for (const [name, limit] of Object.entries(env.TEST_COUNTING_LIMITS)) {
  if (!bindings[name]) throw new Error(`TEST_COUNTING_LIMITS names ${name}, which is not a binding of the worker`);
  bindings[name] = countingLimiter(limit);
}
bindings.MAIL_QUEUE = recordingQueue();
// Sales are sent by each test that means to, by calling the sender (tests/worker/etims/).
bindings.ETIMS_QUEUE = recordingQueue();
limitersCountWithoutWindows();
