import type { WorkContext } from "../http/work-context.ts";
import { enqueueMail } from "../mail/enqueue.ts";
import { ADMIN_PATH } from "../paths.ts";
import { limiterRefuses } from "./rate-limit.ts";

/** The one key every client shares in a ceiling's limiter. */
const ALL_CLIENTS = "all";

/**
 * Ceilings on what all visitors together may make the site store or send, per minute (their
 * numbers are in wrangler.toml and docs/security.md). Per-client limits stop one network; these
 * stop many networks at once from filling D1 or the mailboxes of strangers.
 */
const CEILINGS = {
  contact: { binding: (env: Env) => env.CONTACT_CEILING, what: "contact messages" },
  quote: { binding: (env: Env) => env.QUOTE_CEILING, what: "quotes made" },
  billing: { binding: (env: Env) => env.BILLING_CEILING, what: "billing-link requests" },
  visitorMail: { binding: (env: Env) => env.VISITOR_MAIL_CEILING, what: "e-mails to visitors' addresses" },
  mpesaPrompt: { binding: (env: Env) => env.MPESA_PROMPT_CEILING, what: "M-Pesa payment prompts" },
  insightEvents: { binding: (env: Env) => env.INSIGHT_CEILING, what: "funnel events (carts and quotes counted)" },
} as const;

export type Ceiling = keyof typeof CEILINGS;

/**
 * Counts one use against a ceiling; true when the ceiling is reached. The owner is then told, at
 * most once a clock hour whichever ceilings are reached (the outbox's dedupe key decides that
 * atomically), so an attack cannot flood the owner's mailbox either.
 */
export async function ceilingReached(context: WorkContext, ceiling: Ceiling): Promise<boolean> {
  const { env, origin, log } = context;
  const { binding, what } = CEILINGS[ceiling];
  if (!(await limiterRefuses(binding(env), ALL_CLIENTS, log, `ceiling ${ceiling}`))) return false;
  log.warn("A ceiling for all visitors together was reached: refused for now", { ceiling });
  const now = new Date().toISOString();
  await enqueueMail(context, {
    kind: "owner-ceiling",
    dedupeKey: `owner-ceiling:${now.slice(0, 13)}`,
    data: {
      customerName: what,
      summary: `More ${what} arrived in one minute than a busy day brings. The site refuses more for the rest of that minute; this is the only such e-mail this hour.`,
      details: [
        ["Ceiling", what],
        ["Reached at", `${now.slice(0, 16).replace("T", " ")} UTC`],
        ["What to do", "Nothing, if it stops by itself. The worker's log names every refusal."],
      ],
      adminUrl: `${origin}${ADMIN_PATH}`,
    },
  });
  return true;
}
