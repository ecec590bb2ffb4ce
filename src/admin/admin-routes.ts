import { type Context, Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { resendOrderSales } from "../etims/sale-status.ts";
import { requestLog } from "../http/log.ts";
import { workContextOf } from "../http/work-context.ts";
import { handToQueue } from "../mail/enqueue.ts";
import { getOutbox } from "../mail/outbox.ts";
import {
  ADMIN_MESSAGE_ANSWERED_PATH,
  ADMIN_MESSAGES_CSV_PATH,
  ADMIN_ORDER_KRA_PIN_PATH,
  ADMIN_ORDER_NOTES_PATH,
  ADMIN_ORDERS_CSV_PATH,
  ADMIN_OUTBOX_CSV_PATH,
  ADMIN_OUTBOX_RESEND_PATH,
  ADMIN_PATH,
  adminMessageAnchor,
  adminOrderAnchor,
  adminOutboxAnchor,
  adminSectionPaths,
} from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import {
  addOrderNote,
  markMessageAnswered,
  ORDER_NOTE_MAX_LENGTH,
  recordResend,
  setOrderKraPin,
} from "./admin-actions.ts";
import { FORM_BODY_LIMIT, formFields, limitBody, listQueryOf, notice, seeOther } from "./admin-answers.ts";
import { adminWho, requireOwner } from "./admin-auth.ts";
import { adminCopy } from "./admin-copy.ts";
import { type CsvSection, csvFilename, messagesCsv, ordersCsv, outboxCsv } from "./admin-csv.ts";
import { ADMIN_PRIVATE_HEADERS } from "./admin-identity.ts";
import { adminSectionPage } from "./admin-page.tsx";
import { parseAdminQuery, type Section } from "./admin-query.ts";
import { adminSectionView } from "./admin-sections.ts";

/**
 * The note form: a note of ORDER_NOTE_MAX_LENGTH UTF-16 units is at most 9 bytes each once
 * URL-encoded (3 UTF-8 bytes as %XX%XX%XX; a 4-byte character is 2 units), and a line break is
 * sent as CRLF (%0D%0A), so 8 KB would refuse a long note in Arabic or Amharic: 2,000 × 9 bytes
 * and room for the rest.
 */
const NOTE_BODY_LIMIT = ORDER_NOTE_MAX_LENGTH * 9 + 2 * 1024;

/** An id from the path: digits only, a safe integer; null for anything else. */
function positiveId(param: string | undefined): number | null {
  if (!param || !/^[1-9][0-9]{0,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : null;
}

/** A Stripe Checkout session id (the order's key) from the path, or null. */
function sessionIdParam(param: string | undefined): string | null {
  return param && /^[A-Za-z0-9_]{1,255}$/.test(param) ? param : null;
}

/** A CSV download, streamed: no Content-Length, as the file is written while it is read. */
function csvResponse(c: Context<AppEnv>, section: CsvSection, csv: ReadableStream<Uint8Array>): Response {
  return c.body(csv, 200, {
    ...ADMIN_PRIVATE_HEADERS,
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${csvFilename(section)}"`,
  });
}

/** The buyer's KRA PIN form: 303 back to the order with a notice, or a page saying why not. */
async function saveOrderKraPin(c: Context<AppEnv>): Promise<Response> {
  const orderId = sessionIdParam(c.req.param("id"));
  if (orderId === null) return c.notFound();
  const listQuery = listQueryOf(c, "orders");
  const { kraPin } = await formFields(c);
  const result = await setOrderKraPin(c.env.DB, orderId, kraPin, adminWho(c.var.owner));
  if (result.ok) {
    // A sale waiting on KRA (refused for the old PIN, say) goes now with the new one, not after its backoff.
    if (result.changed) {
      await resendOrderSales(workContextOf(c), orderId, `KRA PIN of ${orderId}`);
    }
    return seeOther(c, adminOrderAnchor(orderId, [listQuery, "pin=saved"].filter(Boolean).join("&")));
  }
  if (result.reason === "not_found") return c.notFound();
  const copy = adminCopy.orders.kraPin;
  const [status, message] =
    result.reason === "invalid" ? ([400, copy.invalid(result.message)] as const) : ([409, copy.reported] as const);
  return notice(c, status, {
    title: copy.refusedTitle,
    message,
    back: { href: adminOrderAnchor(orderId, listQuery), label: copy.back },
  });
}

/**
 * The owner's back office, behind Cloudflare Access or HTTP Basic auth (src/admin/admin-auth.ts);
 * without either configured it does not exist (404). Every request signs in again.
 *
 * GET /admin redirects to Orders (an e-mail's link /admin#order-<id> keeps its fragment across the
 * redirect). GET /admin/{orders,subscriptions,quotes,messages,outbox,invoices}: a section, searched and paged
 * by its query. GET /admin/orders.csv, /admin/messages.csv and /admin/outbox.csv: the filter's rows as a download.
 *
 * POST /admin/messages/:id/answered (answered=1|0), /admin/orders/:id/notes (note=…),
 * /admin/orders/:id/kra-pin (kraPin=…) and /admin/outbox/:id/resend: the owner's actions, each
 * audited. Cross-site posts are refused before them (SAME_ORIGIN_ONLY_PATHS); bodies are bounded;
 * each answers 303 back to the item in its list.
 */
export function adminRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const owner = requireOwner();

  app.get(ADMIN_PATH, owner, (c) => seeOther(c, adminSectionPaths.orders));

  for (const section of Object.keys(adminSectionPaths) as Section[]) {
    app.get(adminSectionPaths[section], owner, async (c) => {
      const params = new URL(c.req.url).searchParams;
      const { chrome, data } = await adminSectionView(c.env, section, params, adminWho(c.var.owner));
      return renderPage(c, adminSectionPage(chrome, data), { headers: ADMIN_PRIVATE_HEADERS });
    });
  }

  app.get(ADMIN_ORDERS_CSV_PATH, owner, async (c) => {
    const query = parseAdminQuery("orders", new URL(c.req.url).searchParams);
    return csvResponse(c, "orders", ordersCsv(c.env.DB, query));
  });

  app.get(ADMIN_MESSAGES_CSV_PATH, owner, async (c) => {
    const query = parseAdminQuery("messages", new URL(c.req.url).searchParams);
    return csvResponse(c, "messages", messagesCsv(c.env.DB, query));
  });

  app.get(ADMIN_OUTBOX_CSV_PATH, owner, async (c) => {
    const query = parseAdminQuery("outbox", new URL(c.req.url).searchParams);
    return csvResponse(c, "outbox", outboxCsv(c.env.DB, query));
  });

  app.post(ADMIN_MESSAGE_ANSWERED_PATH, owner, limitBody(FORM_BODY_LIMIT), async (c) => {
    const id = positiveId(c.req.param("id"));
    if (id === null) return c.notFound();
    const back = adminMessageAnchor(id, listQueryOf(c, "messages"));
    const { answered } = await formFields(c);
    if (answered !== "1" && answered !== "0") {
      return notice(c, 400, {
        title: adminCopy.answered.title,
        message: adminCopy.answered.invalid,
        back: { href: back, label: adminCopy.answered.back },
      });
    }
    const result = await markMessageAnswered(c.env.DB, id, answered === "1", adminWho(c.var.owner));
    if (!result.found) return c.notFound();
    return seeOther(c, back);
  });

  app.post(ADMIN_ORDER_NOTES_PATH, owner, limitBody(NOTE_BODY_LIMIT), async (c) => {
    const orderId = sessionIdParam(c.req.param("id"));
    if (orderId === null) return c.notFound();
    const back = adminOrderAnchor(orderId, listQueryOf(c, "orders"));
    // A textarea sends its line breaks as CRLF; the owner counted each as one character.
    const note = ((await formFields(c)).note ?? "").replaceAll("\r\n", "\n");
    const result = await addOrderNote(c.env.DB, orderId, note, adminWho(c.var.owner));
    if (result.ok) return seeOther(c, back);
    if (result.reason === "not_found") return c.notFound();
    return notice(c, 400, {
      title: adminCopy.orders.refused.title,
      message: adminCopy.orders.refused.why(result.message),
      back: { href: back, label: adminCopy.orders.refused.back },
    });
  });

  app.post(ADMIN_ORDER_KRA_PIN_PATH, owner, limitBody(FORM_BODY_LIMIT), saveOrderKraPin);

  app.post(ADMIN_OUTBOX_RESEND_PATH, owner, limitBody(FORM_BODY_LIMIT), async (c) => {
    const id = positiveId(c.req.param("id"));
    if (id === null) return c.notFound();
    const back = adminOutboxAnchor(id, listQueryOf(c, "outbox"));

    // Atomic and audited: only a row that is failed right now goes back to queued (with its audit
    // row), so a double click or two tabs resend once.
    if (!(await recordResend(c.env.DB, id, adminWho(c.var.owner)))) {
      const row = await getOutbox(c.env.DB, id);
      if (!row) return c.notFound();
      return notice(c, 409, {
        title: adminCopy.resend.title,
        message:
          row.body_cleared_at !== null
            ? adminCopy.resend.cleared
            : adminCopy.resend.notFailed(adminCopy.outbox.status[row.status]),
        back: { href: back, label: adminCopy.resend.back },
      });
    }
    try {
      await handToQueue(c.env, [id]);
    } catch (error) {
      // The row is queued and never handed over: the outbox sweep hands it to the queue later.
      requestLog(c).warn("Resent e-mail not handed to the queue; the sweep will retry", { outboxId: id, error });
    }
    return seeOther(c, back);
  });

  return app;
}
