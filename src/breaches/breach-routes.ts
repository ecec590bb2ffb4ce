import { type Context, Hono } from "hono";
import { formFields, limitBody, notice, seeOther } from "../admin/admin-answers.ts";
import { adminWho, requireOwner } from "../admin/admin-auth.ts";
import { ADMIN_PRIVATE_HEADERS } from "../admin/admin-identity.ts";
import type { AppEnv } from "../env.ts";
import { ADMIN_BREACH_PATH, ADMIN_BREACHES_CSV_PATH, ADMIN_BREACHES_JSON_PATH, ADMIN_BREACHES_PATH } from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { breachCopy } from "./breach-copy.ts";
import { breachEntryPage } from "./breach-entry-page.tsx";
import { breachExportName, breachRegisterCsv, breachRegisterJson } from "./breach-export.ts";
import { BREACH_TEXT_MAX } from "./breach-input.ts";
import { breachListPage } from "./breach-list-page.tsx";
import { breachHref, parseBreachNumber } from "./breach-number.ts";
import {
  type BreachEntryView,
  breachEntryView,
  breachListView,
  recordBreach,
  updateBreachEntry,
} from "./breach-register.ts";

/**
 * Every text at its longest, at most 9 bytes a UTF-16 unit URL-encoded (a 3-byte character is
 * %XX%XX%XX), and room for the times, choices and names: about 135 KB.
 */
const BREACH_BODY_LIMIT = Object.values(BREACH_TEXT_MAX).reduce((sum, max) => sum + max, 0) * 9 + 4 * 1024;

const { refused } = breachCopy;
const register = { href: ADMIN_BREACHES_PATH, label: breachCopy.entry.back };

/** The notice an entry's page opens with after the owner's post (post/redirect/get). */
function noticeOf(c: Context<AppEnv>): BreachEntryView["notice"] {
  const done = c.req.query("done");
  return done === "recorded" || done === "saved" || done === "unchanged" ? done : null;
}

function notFound(c: Context<AppEnv>) {
  return notice(c, 404, { title: refused.notFoundTitle, message: refused.notFound, back: register });
}

function download(c: Context<AppEnv>, body: string, type: string, name: string): Response {
  return c.body(body, 200, {
    ...ADMIN_PRIVATE_HEADERS,
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"`,
  });
}

/**
 * The breach register (docs/breaches.md), behind the owner's sign-in. Both posts are same-origin
 * only (SAME_ORIGIN_ONLY_PATHS), bounded and audited; nothing here deletes, and no route can.
 *
 * GET /admin/breaches(?after=2026~3, ?before=…, ?oldest=1): the entries newest first with their
 * 72-hour clocks, a page at a time from a position in the register, the exports and the form for a
 * new one. POST /admin/breaches: records one (303 to its page), or answers the page
 * again with every problem listed (400), nothing saved.
 * GET /admin/breaches/BR-2026-1: the entry, its audit trail and its update form. POST to it: the
 * update (303 back), 400 with the problems, 404 for no such entry, 409 when it changed since the
 * form was opened.
 * GET /admin/breaches.json, /admin/breaches.csv: the whole register as a download.
 */
export function breachRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const owner = requireOwner();
  const page = { headers: ADMIN_PRIVATE_HEADERS };

  app.get(ADMIN_BREACHES_PATH, owner, async (c) => {
    const view = await breachListView(c.env.DB, new URL(c.req.url).searchParams);
    return renderPage(c, breachListPage(view, adminWho(c.var.owner)), page);
  });

  app.post(ADMIN_BREACHES_PATH, owner, limitBody(BREACH_BODY_LIMIT), async (c) => {
    const result = await recordBreach(c.env.DB, await formFields(c), adminWho(c.var.owner));
    if (result.ok) return seeOther(c, `${breachHref(result.number)}?done=recorded`);
    const view = await breachListView(c.env.DB, new URLSearchParams(), new Date(), result);
    return renderPage(c, breachListPage(view, adminWho(c.var.owner)), { ...page, status: 400 });
  });

  app.get(ADMIN_BREACHES_JSON_PATH, owner, async (c) => {
    const now = new Date();
    const json = await breachRegisterJson(c.env.DB, now);
    return download(c, json, "application/json; charset=utf-8", breachExportName("json", now));
  });

  app.get(ADMIN_BREACHES_CSV_PATH, owner, async (c) => {
    const csv = await breachRegisterCsv(c.env.DB);
    return download(c, csv, "text/csv; charset=utf-8", breachExportName("csv"));
  });

  app.get(ADMIN_BREACH_PATH, owner, async (c) => {
    const number = parseBreachNumber(c.req.param("id"));
    const view = number && (await breachEntryView(c.env.DB, number, { notice: noticeOf(c) }));
    if (!view) return notFound(c);
    return renderPage(c, breachEntryPage(view, adminWho(c.var.owner)), page);
  });

  app.post(ADMIN_BREACH_PATH, owner, limitBody(BREACH_BODY_LIMIT), async (c) => {
    const number = parseBreachNumber(c.req.param("id"));
    if (!number) return notFound(c);
    const result = await updateBreachEntry(c.env.DB, number, await formFields(c), adminWho(c.var.owner));
    if (result.ok) return seeOther(c, `${breachHref(number)}?done=${result.changed ? "saved" : "unchanged"}`);
    if (result.reason === "not_found") return notFound(c);
    if (result.reason === "conflict") {
      const back = { href: breachHref(number), label: refused.reload };
      return notice(c, 409, { title: refused.conflictTitle, message: refused.conflict, back });
    }
    const view = await breachEntryView(c.env.DB, number, { refused: result });
    if (!view) return notFound(c);
    return renderPage(c, breachEntryPage(view, adminWho(c.var.owner)), { ...page, status: 400 });
  });

  return app;
}
