import { type Context, Hono } from "hono";
import { adminCopy } from "../content/admin.ts";
import type { AppEnv } from "../env.ts";
import { stringBinding } from "../http/bindings.ts";
import { log } from "../http/log.ts";
import { getOutbox, listOutbox, markEnqueued, requeueFailed } from "../mail/outbox.ts";
import type { MailJob } from "../mail/queue-mail.ts";
import { listContactMessages } from "../messages/repository.ts";
import { listOrders } from "../orders/repository.ts";
import { ADMIN_OUTBOX_RESEND_PATH, ADMIN_PATH, adminOutboxAnchor } from "../paths.ts";
import { listQuotes } from "../quotes/listing.ts";
import { renderAdminHtml, renderAdminNoticeHtml } from "../render/admin-document.tsx";
import { allowPageStyles } from "../render/page-styles.ts";
import { isOverLimit, RETRY_AFTER_SECONDS } from "../security/rate-limit.ts";

const ADMIN_USER = "admin";

/** How many orders, quotes, messages and e-mails the page lists: months of this business's volume. */
const LIST_LIMIT = 200;

/** Every answer of /admin, signed in or not: never cached, never indexed, never framed. */
const PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
};

/**
 * GET /admin: the owner's view of orders, quotes, messages and e-mails, behind HTTP Basic auth (user
 * "admin", password the ADMIN_PASSWORD secret). Without that secret the page does not exist (404).
 * Cloudflare Access in front of /admin is the recommended production setup (see README).
 *
 * POST /admin/outbox/:id/resend: the owner's Resend button on a failed e-mail. Same sign-in and
 * limiter as the page; cross-site posts are refused before it (SAME_ORIGIN_ONLY_PATHS).
 */
export function adminRoutes() {
  const app = new Hono<AppEnv>({ strict: false });

  app.get(ADMIN_PATH, async (c) => {
    const refused = await ownerOnly(c);
    if (refused) return refused;

    const [orders, messages, outbox, quotes] = await Promise.all([
      listOrders(c.env.DB, LIST_LIMIT),
      listContactMessages(c.env.DB, LIST_LIMIT),
      listOutbox(c.env.DB, LIST_LIMIT),
      listQuotes(c.env.DB, LIST_LIMIT),
    ]);
    const view = { orders, messages, outbox, quotes, limit: LIST_LIMIT, now: Date.now() };
    const { html, styleHash } = await renderAdminHtml(view);
    allowPageStyles(c, styleHash);
    return c.html(html, 200, PRIVATE_HEADERS);
  });

  app.post(ADMIN_OUTBOX_RESEND_PATH, async (c) => {
    const refused = await ownerOnly(c);
    if (refused) return refused;
    const id = outboxId(c.req.param("id"));
    if (id === null) return c.notFound();

    // Atomic: only a row that is failed right now goes back to queued, so a double click or two
    // tabs resend once.
    if (!(await requeueFailed(c.env.DB, id))) {
      const row = await getOutbox(c.env.DB, id);
      if (!row) return c.notFound();
      const { html, styleHash } = await renderAdminNoticeHtml({
        title: adminCopy.resend.title,
        message: adminCopy.resend.notFailed(adminCopy.outbox.status[row.status]),
        back: { href: adminOutboxAnchor(id), label: adminCopy.resend.back },
      });
      allowPageStyles(c, styleHash);
      return c.html(html, 409, PRIVATE_HEADERS);
    }
    try {
      await c.env.MAIL_QUEUE.send({ outboxId: id } satisfies MailJob);
      await markEnqueued(c.env.DB, [id]);
    } catch (error) {
      // The row is queued and never handed over: the outbox sweep hands it to the queue later.
      log(c).warn("Resent e-mail not handed to the queue; the sweep will retry", { outboxId: id, error });
    }
    return c.body(null, 303, { ...PRIVATE_HEADERS, Location: adminOutboxAnchor(id) });
  });

  return app;
}

/**
 * Null when the request carries the owner's credentials; otherwise the answer: 404 without
 * ADMIN_PASSWORD, a Basic challenge (401) without or with wrong credentials, 429 over the limit.
 */
async function ownerOnly(c: Context<AppEnv>): Promise<Response | null> {
  const password = stringBinding(c.env, "ADMIN_PASSWORD");
  if (!password) return c.notFound();

  const credentials = basicCredentials(c.req.header("Authorization"));
  if (!credentials) return challenge(c);
  // Every attempt that carries credentials is counted before they are checked: counting only the
  // failures would still let a guesser learn, from a 200 among the 429s, which guess was right.
  if (await isOverLimit(c, (env) => env.ADMIN_LOGIN_LIMITER)) {
    return c.text(adminCopy.auth.tooMany, 429, {
      ...PRIVATE_HEADERS,
      "Retry-After": String(RETRY_AFTER_SECONDS),
    });
  }
  const userOk = await sameSecret(credentials.user, ADMIN_USER);
  const passwordOk = await sameSecret(credentials.password, password);
  if (!(userOk && passwordOk)) return challenge(c);
  return null;
}

/** An outbox id from the path: digits only, a safe integer; null for anything else. */
function outboxId(param: string | undefined): number | null {
  if (!param || !/^[1-9][0-9]{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

function challenge(c: Context): Response {
  return c.text(adminCopy.auth.required, 401, {
    ...PRIVATE_HEADERS,
    "WWW-Authenticate": `Basic realm="${adminCopy.auth.realm}", charset="UTF-8"`,
  });
}

/** The user and password of an `Authorization: Basic …` header (UTF-8, as the challenge asks). */
function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  let decoded: string;
  try {
    const bytes = Uint8Array.from(atob(match[1]), (ch) => ch.charCodeAt(0));
    decoded = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

const encoder = new TextEncoder();

/**
 * Compares in constant time: both sides are hashed first, so the loop always runs over two 32-byte
 * digests whatever the lengths, and it never stops at the first difference.
 */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(given)),
    crypto.subtle.digest("SHA-256", encoder.encode(expected)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return difference === 0;
}
