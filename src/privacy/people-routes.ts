import { type Context, Hono } from "hono";
import { formFields, limitBody, notice, seeOther } from "../admin/admin-answers.ts";
import { adminWho, requireOwner } from "../admin/admin-auth.ts";
import { ADMIN_PRIVATE_HEADERS } from "../admin/admin-identity.ts";
import type { AppEnv } from "../env.ts";
import { workContextOf } from "../http/work-context.ts";
import { nairobiDay } from "../lib/dates.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import {
  ADMIN_DATA_REQUEST_CLOSE_PATH,
  ADMIN_DATA_REQUESTS_PATH,
  ADMIN_PEOPLE_ERASE_PATH,
  ADMIN_PEOPLE_EXPORT_PATH,
  ADMIN_PEOPLE_PATH,
} from "../paths.ts";
import { renderPage } from "../render/page-response.tsx";
import { dataRequestCopy } from "./data-request-copy.ts";
import type { LogFormState } from "./data-request-log-form.tsx";
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
/**
 * A request received elsewhere, or its answer: a note of 1,000 characters at most 9 bytes each
 * URL-encoded, an address, and the other fields' few bytes.
 */
const LOGGED_REQUEST_BODY_LIMIT = 16 * 1024;

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
  const { closeDataRequest, dataRequestLog, logDataRequest, loggedRequest, requestsOfPerson, subjectsOf } =
    await import("./data-request-log.ts");
  const { REQUEST_NOTE_MAX, oldestReceived, parseAnswerNote, parseLoggedRequest, typedValues } = await import(
    "./data-request-form.ts"
  );
  return {
    adminPeoplePage,
    erasureBlocker,
    personShown,
    erasePersonData,
    exportPerson,
    recentDataRequests,
    log: { closeDataRequest, dataRequestLog, logDataRequest, loggedRequest, requestsOfPerson, subjectsOf },
    form: { REQUEST_NOTE_MAX, oldestReceived, parseAnswerNote, parseLoggedRequest, typedValues },
  };
});

/** The notice a redirect back to the page asks for. */
function doneOf(value: string | undefined): PeopleView["done"] {
  return value === "erased" || value === "logged" || value === "answered" ? value : null;
}

/** A logged request's number as a path or query gives it, or null. */
function requestNumber(text: string | undefined): number | null {
  return text !== undefined && /^[1-9][0-9]{0,11}$/.test(text) ? Number(text) : null;
}

/**
 * The People page: the person searched for (`?email=`, with the spellings ticked), what we hold
 * and the requests logged about them, whether they are the person of the logged request the lookup
 * came from (`?request=`), the log of requests received elsewhere with its form (shown again with
 * its problems after a refusal: `logForm`), and every data request so far.
 */
async function peoplePage(c: Context<AppEnv>, logForm: LogFormState | null = null): Promise<Response> {
  const s = await section();
  const db = c.env.DB;
  const now = new Date();
  const typed = c.req.query("email");
  const address = parsePersonAddress(typed);
  const ticked = tickedSpellings(c.req.queries("also") ?? []) ?? [];
  const person = address === null ? null : await s.personShown(db, address, ticked);
  const subjects = person ? await s.log.subjectsOf(person) : [];
  const asked = requestNumber(c.req.query("request"));
  const logged = person && asked !== null ? await s.log.loggedRequest(db, asked) : null;
  const listing = await s.log.dataRequestLog(db, now);
  const view: PeopleView = {
    who: adminWho(c.var.owner),
    typed: typed === undefined ? null : Array.from(typed.trim()).slice(0, 254).join(""),
    person,
    blocker: person && s.erasureBlocker(person),
    requests: await s.recentDataRequests(db, REQUESTS_SHOWN),
    requestLog: {
      listing: { ...listing, noteMax: s.form.REQUEST_NOTE_MAX },
      form: logForm,
      bounds: { today: listing.today, oldest: s.form.oldestReceived(listing.today), noteMax: s.form.REQUEST_NOTE_MAX },
    },
    personRequests: person ? await s.log.requestsOfPerson(db, subjects) : [],
    requestCheck: logged && { id: logged.id, person: logged.person, matches: subjects.includes(logged.subject) },
    done: doneOf(c.req.query("done")),
  };
  const status = logForm || (typed !== undefined && address === null) ? 400 : 200;
  return renderPage(c, s.adminPeoplePage(view), { status, headers: ADMIN_PRIVATE_HEADERS });
}

/**
 * The People section (issue 25), behind the owner's sign-in. Both posts are same-origin only
 * (SAME_ORIGIN_ONLY_PATHS), bounded, and recorded in the audit log.
 *
 * GET /admin/people?email=…[&also=…][&request=…]: what we hold about that person (and the spellings
 * ticked as theirs) and the requests logged about them, the spellings possibly theirs, the export
 * and erase forms, the requests received elsewhere with their clocks, and every data request so far.
 * POST /admin/people/export (email, also…): the person's data as a JSON download.
 * POST /admin/people/erase (email, confirm: the same person typed again, also…): erases, then 303
 * back; 400 for a mismatch, a non-address or a tick that is not theirs, 409 while a subscription or
 * M-Pesa payment of theirs runs.
 * POST /admin/people/requests (kind, channel, received_on, email, note): logs a request received
 * elsewhere, audited, then 303 back; 400 with the page and every problem listed, nothing saved.
 * POST /admin/people/requests/:id/close (note): marks it answered with the note, audited; 400 without
 * a note, 404 for no such request, 409 when it is already answered (of two at once, the second).
 */
export function adminPeopleRoutes() {
  const app = new Hono<AppEnv>({ strict: false });
  const owner = requireOwner();

  app.get(ADMIN_PEOPLE_PATH, owner, (c) => peoplePage(c));

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

  app.post(ADMIN_DATA_REQUESTS_PATH, owner, limitBody(LOGGED_REQUEST_BODY_LIMIT), async (c) => {
    const fields = await formFields(c);
    const { form, log } = await section();
    const now = new Date();
    const parsed = form.parseLoggedRequest(fields, nairobiDay(now));
    if (!parsed.ok) return peoplePage(c, { values: form.typedValues(fields), problems: parsed.problems });
    const { id } = await log.logDataRequest(c.env.DB, parsed.request, adminWho(c.var.owner), now);
    return seeOther(c, `${ADMIN_PEOPLE_PATH}?done=logged#request-${id}`);
  });

  app.post(ADMIN_DATA_REQUEST_CLOSE_PATH, owner, limitBody(LOGGED_REQUEST_BODY_LIMIT), async (c) => {
    const copy = dataRequestCopy.refused;
    const refused = { title: copy.title, back: { href: ADMIN_PEOPLE_PATH, label: copy.back } };
    const id = requestNumber(c.req.param("id"));
    if (id === null) return notice(c, 404, { ...refused, message: copy.notFound });
    const { form, log } = await section();
    const note = form.parseAnswerNote((await formFields(c)).note);
    if (!note.ok) return notice(c, 400, { ...refused, message: note.problem });
    const result = await log.closeDataRequest(c.env.DB, id, note.note, adminWho(c.var.owner));
    if (!result.ok) return notice(c, result.reason === "answered" ? 409 : 404, { ...refused, message: result.message });
    return seeOther(c, `${ADMIN_PEOPLE_PATH}?done=answered#request-${id}`);
  });

  return app;
}
