import { type Context, Hono } from "hono";
import { limitBody, notice, seeOther } from "../admin/admin-answers.ts";
import { adminWho, requireOwner } from "../admin/admin-auth.ts";
import { ADMIN_PRIVATE_HEADERS } from "../admin/admin-identity.ts";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { ADMIN_PEOPLE_ERASE_PATH, ADMIN_PEOPLE_EXPORT_PATH, ADMIN_PEOPLE_PATH } from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { peopleCopy } from "./people-copy.ts";
import type { PeopleView } from "./people-page.tsx";
import { PERSON_ADDRESS_MAX, parsePersonAddress } from "./person-address.ts";
import { personKey } from "./person-key.ts";

/** Spellings ticked as the same person that one request may carry (the page lists at most 10). */
const TICKS_MAX = 10;
/**
 * Two addresses and the ticked spellings, each at most 254 characters, URL-encoded (3 bytes a
 * character at worst), with their names: 12 KB.
 */
const PEOPLE_BODY_LIMIT = 12 * 1024;
/** The request log's length on the page (the audit log keeps every one). */
const REQUESTS_SHOWN = 100;

const back = { href: ADMIN_PEOPLE_PATH, label: peopleCopy.refused.back };

/**
 * The spellings the owner ticked as the same person (checkboxes named `also`): distinct, each at
 * most an address long, at most TICKS_MAX. Null when a request carries more or longer ones than any
 * page makes.
 */
function tickedSpellings(values: readonly unknown[]): string[] | null {
  const ticked = [...new Set(values)];
  if (ticked.length > TICKS_MAX) return null;
  if (!ticked.every((t): t is string => typeof t === "string" && t.length <= PERSON_ADDRESS_MAX)) return null;
  return ticked;
}

/** A People post's fields: the address, its confirmation and the ticked spellings. */
async function peopleForm(c: Context<AppEnv>) {
  const body = await c.req.parseBody({ all: true });
  const one = (name: string) => (typeof body[name] === "string" ? body[name] : undefined);
  const also = body.also === undefined ? [] : Array.isArray(body.also) ? body.also : [body.also];
  return { email: one("email"), confirm: one("confirm"), ticked: tickedSpellings(also) };
}

/**
 * The section's code (its page, the searches, export and erasure) loads on its first request: the
 * owner opens it rarely, and every cold start would otherwise evaluate it (the start-up budget,
 * scripts/bench/budgets.ts).
 */
const section = lazyOnce(async () => {
  const { adminPeoplePage } = await import("./people-page.tsx");
  const { erasureBlocker, personShown } = await import("./person.ts");
  const { erasePersonData, exportPerson, recentDataRequests } = await import("./data-requests.ts");
  return { adminPeoplePage, erasureBlocker, personShown, erasePersonData, exportPerson, recentDataRequests };
});

/**
 * The People section (issue 25), behind the owner's sign-in. Both posts are same-origin only
 * (SAME_ORIGIN_ONLY_PATHS), bounded, and recorded in the audit log.
 *
 * GET /admin/people?email=…[&also=…]: what we hold about that person (and the spellings ticked as
 * theirs), the spellings possibly theirs, the export and erase forms, and every data request so far.
 * POST /admin/people/export (email, also…): the person's data as a JSON download.
 * POST /admin/people/erase (email, confirm: the same person typed again, also…): erases, then 303
 * back; 400 for a mismatch, a non-address or a tick that is not theirs, 409 while a subscription or
 * M-Pesa payment of theirs runs.
 */
export function adminPeopleRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const owner = requireOwner();

  app.get(ADMIN_PEOPLE_PATH, owner, async (c) => {
    const { adminPeoplePage, recentDataRequests, erasureBlocker, personShown } = await section();
    const typed = c.req.query("email");
    const address = parsePersonAddress(typed);
    const ticked = tickedSpellings(c.req.queries("also") ?? []) ?? [];
    const person = address === null ? null : await personShown(c.env.DB, address, ticked);
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
    const { email, ticked } = await peopleForm(c);
    const address = parsePersonAddress(email);
    const title = peopleCopy.title;
    if (address === null) return notice(c, 400, { title, message: peopleCopy.refused.invalid, back });
    if (ticked === null) return notice(c, 400, { title, message: peopleCopy.refused.unknownSpelling, back });
    const { exportPerson } = await section();
    const result = await exportPerson(c.env.DB, { address, ticked, actor: adminWho(c.var.owner) });
    if (!result.ok) return notice(c, 400, { title, message: result.message, back });
    const { document } = result;
    const day = document.generated_at.slice(0, 10);
    return c.body(`${JSON.stringify(document, null, 2)}\n`, 200, {
      ...ADMIN_PRIVATE_HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${day}.json"`,
    });
  });

  app.post(ADMIN_PEOPLE_ERASE_PATH, owner, limitBody(PEOPLE_BODY_LIMIT), async (c) => {
    const { email, confirm: typedAgain, ticked } = await peopleForm(c);
    const address = parsePersonAddress(email);
    const title = peopleCopy.refused.title;
    if (address === null) return notice(c, 400, { title, message: peopleCopy.refused.invalid, back });
    // The same person, not merely the same mailbox for the caps: `jdoe+x@` does not confirm `jdoe@`.
    const confirm = parsePersonAddress(typedAgain);
    if (confirm === null || personKey(confirm) !== personKey(address)) {
      return notice(c, 400, { title, message: peopleCopy.refused.confirmMismatch, back });
    }
    if (ticked === null) return notice(c, 400, { title, message: peopleCopy.refused.unknownSpelling, back });
    const { erasePersonData } = await section();
    const result = await erasePersonData(workContextOf(c), { address, ticked, actor: adminWho(c.var.owner) });
    if (!result.ok) {
      return notice(c, result.reason === "blocked" ? 409 : 400, { title, message: result.message, back });
    }
    return seeOther(c, `${ADMIN_PEOPLE_PATH}?done=erased`);
  });

  return app;
}
