import { Hono } from "hono";
import { peopleCopy } from "../content/people.ts";
import type { AppEnv } from "../env.ts";
import { formFields, limitBody, notice, seeOther } from "../http/admin-forms.ts";
import { log } from "../http/log.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { mailboxKey } from "../mail/mailbox.ts";
import type { PeopleView } from "../pages/admin/people.tsx";
import { ADMIN_PEOPLE_ERASE_PATH, ADMIN_PEOPLE_EXPORT_PATH, ADMIN_PEOPLE_PATH } from "../paths.ts";
import { parsePersonAddress } from "../privacy/address.ts";
import { renderPage } from "../render/page-response.tsx";
import { adminWho, requireOwner } from "../security/admin-auth.ts";
import { ADMIN_PRIVATE_HEADERS } from "../security/admin-identity.ts";

/** Two addresses of at most 254 characters, URL-encoded: 4 KB is plenty. */
const PEOPLE_BODY_LIMIT = 4 * 1024;
/** The request log's length on the page (the audit log keeps every one). */
const REQUESTS_SHOWN = 100;

const back = { href: ADMIN_PEOPLE_PATH, label: peopleCopy.refused.back };

/**
 * The section's code (its page, the searches, export and erasure) loads on its first request: the
 * owner opens it rarely, and every cold start would otherwise evaluate it (the start-up budget,
 * scripts/bench/budgets.ts).
 */
const section = lazyOnce(async () => {
  const { adminPeoplePage } = await import("../pages/admin/people.tsx");
  const { erasureBlocker, findPerson } = await import("../privacy/person.ts");
  const { erasePersonData, exportPerson, recentDataRequests } = await import("../privacy/requests.ts");
  return { adminPeoplePage, erasureBlocker, findPerson, erasePersonData, exportPerson, recentDataRequests };
});

/**
 * The People section (issue 25), behind the owner's sign-in. Both posts are same-origin only
 * (SAME_ORIGIN_ONLY_PATHS), bounded, and recorded in the audit log.
 *
 * GET /admin/people?email=…: what we hold about that mailbox, the export and erase forms, and every
 * data request so far.
 * POST /admin/people/export (email): the person's data as a JSON download.
 * POST /admin/people/erase (email, confirm: the same mailbox typed again): erases, then 303 back;
 * 400 for a mismatch or a non-address, 409 while a subscription or M-Pesa payment of theirs runs.
 */
export function adminPeopleRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const owner = requireOwner();

  app.get(ADMIN_PEOPLE_PATH, owner, async (c) => {
    const { adminPeoplePage, recentDataRequests, erasureBlocker, findPerson } = await section();
    const typed = c.req.query("email");
    const address = parsePersonAddress(typed);
    const person = address === null ? null : await findPerson(c.env.DB, address);
    const view: PeopleView = {
      who: adminWho(c.var.owner),
      typed: typed === undefined ? null : Array.from(typed.trim()).slice(0, 254).join(""),
      person,
      blocker: person && erasureBlocker(person),
      requests: await recentDataRequests(c.env.DB, REQUESTS_SHOWN),
      done: c.req.query("done") === "erased" ? "erased" : null,
    };
    const status = typed !== undefined && address === null ? 400 : 200;
    return renderPage(c, adminPeoplePage(view), { status, headers: ADMIN_PRIVATE_HEADERS });
  });

  app.post(ADMIN_PEOPLE_EXPORT_PATH, owner, limitBody(PEOPLE_BODY_LIMIT), async (c) => {
    const address = parsePersonAddress((await formFields(c)).email);
    if (address === null) return notice(c, 400, { title: peopleCopy.title, message: peopleCopy.refused.invalid, back });
    const { exportPerson } = await section();
    const document = await exportPerson(c.env.DB, address, adminWho(c.var.owner));
    const day = document.generated_at.slice(0, 10);
    return c.body(`${JSON.stringify(document, null, 2)}\n`, 200, {
      ...ADMIN_PRIVATE_HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${day}.json"`,
    });
  });

  app.post(ADMIN_PEOPLE_ERASE_PATH, owner, limitBody(PEOPLE_BODY_LIMIT), async (c) => {
    const fields = await formFields(c);
    const address = parsePersonAddress(fields.email);
    const title = peopleCopy.refused.title;
    if (address === null) return notice(c, 400, { title, message: peopleCopy.refused.invalid, back });
    const confirm = parsePersonAddress(fields.confirm);
    if (confirm === null || mailboxKey(confirm) !== mailboxKey(address)) {
      return notice(c, 400, { title, message: peopleCopy.refused.confirmMismatch, back });
    }
    const { erasePersonData } = await section();
    const result = await erasePersonData(c.env, address, adminWho(c.var.owner), log(c));
    if (!result.ok) return notice(c, 409, { title, message: result.message, back });
    return seeOther(c, `${ADMIN_PEOPLE_PATH}?done=erased`);
  });

  return app;
}
