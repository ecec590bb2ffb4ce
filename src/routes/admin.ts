import { type Context, Hono } from "hono";
import { adminCopy } from "../content/admin.ts";
import type { AppEnv } from "../env.ts";
import { log } from "../http/log.ts";
import { getOutbox, listOutbox, markEnqueued, requeueFailed } from "../mail/outbox.ts";
import type { MailJob } from "../mail/queue-mail.ts";
import { listContactMessages } from "../messages/repository.ts";
import { listOrders } from "../orders/repository.ts";
import { ADMIN_OUTBOX_RESEND_PATH, ADMIN_PATH, adminOutboxAnchor } from "../paths.ts";
import { listQuotes } from "../quotes/listing.ts";
import { renderAdminHtml, renderAdminNoticeHtml } from "../render/admin-document.tsx";
import { allowPageStyles } from "../render/page-styles.ts";
import { ADMIN_PRIVATE_HEADERS, authenticateOwner } from "../security/admin-auth.ts";

/** How many orders, quotes, messages and e-mails the page lists: months of this business's volume. */
const LIST_LIMIT = 200;

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
    const owner = await authenticateOwner(c);
    if (owner instanceof Response) return owner;

    const [orders, messages, outbox, quotes] = await Promise.all([
      listOrders(c.env.DB, LIST_LIMIT),
      listContactMessages(c.env.DB, LIST_LIMIT),
      listOutbox(c.env.DB, LIST_LIMIT),
      listQuotes(c.env.DB, LIST_LIMIT),
    ]);
    const view = { orders, messages, outbox, quotes, limit: LIST_LIMIT, now: Date.now() };
    const { html, styleHash } = await renderAdminHtml(view);
    allowPageStyles(c, styleHash);
    return c.html(html, 200, ADMIN_PRIVATE_HEADERS);
  });

  app.post(ADMIN_OUTBOX_RESEND_PATH, async (c) => {
    const owner = await authenticateOwner(c);
    if (owner instanceof Response) return owner;
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
      return c.html(html, 409, ADMIN_PRIVATE_HEADERS);
    }
    try {
      await c.env.MAIL_QUEUE.send({ outboxId: id } satisfies MailJob);
      await markEnqueued(c.env.DB, [id]);
    } catch (error) {
      // The row is queued and never handed over: the outbox sweep hands it to the queue later.
      log(c).warn("Resent e-mail not handed to the queue; the sweep will retry", { outboxId: id, error });
    }
    return c.body(null, 303, { ...ADMIN_PRIVATE_HEADERS, Location: adminOutboxAnchor(id) });
  });

  return app;
}

/** An outbox id from the path: digits only, a safe integer; null for anything else. */
function outboxId(param: string | undefined): number | null {
  if (!param || !/^[1-9][0-9]{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}
