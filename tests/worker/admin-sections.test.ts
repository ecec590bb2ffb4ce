// The back office's sections (/admin/orders, …/subscriptions, …/quotes, …/messages, …/outbox): each
// searched, filtered and paged by its query; the CSV exports; the owner's actions (answered, notes,
// resend) as same-origin form posts whose audit rows show on the item.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ORDER_NOTE_MAX_LENGTH } from "../../src/admin/admin-actions.ts";
import { PAGE_SIZE } from "../../src/admin/admin-query.ts";
import { WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { postAsOwner } from "./support/admin-forms.ts";
import { makeMail, makeMessage, makeOrder, makeQuote, type OrderInput } from "./support/factories.ts";
import { parseDocument, queryAll, textOf } from "./support/html.ts";
import { fakeSessionId, SITE } from "./support/orders.ts";
import { cartItem, testClientIp } from "./support/payment.ts";

const db = env.DB;

function basic(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

const owner = () => basic("admin", WORKER_ADMIN_PASSWORD);

/** A word no other test writes, to find this test's rows by search. */
const token = () => `tok${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;

/** GET a back-office path as the signed-in owner, from a client address of its own. */
async function open(path: string) {
  const res = await exports.default.fetch(
    new Request(`${SITE}${path}`, {
      headers: { Authorization: owner(), "CF-Connecting-IP": testClientIp() },
      redirect: "manual",
    }),
  );
  const body = await res.text();
  const document = parseDocument(body);
  return { res, status: res.status, body, document, text: textOf(document) };
}

/**
 * A form post as the back office's own page makes it (same origin, the owner's credentials);
 * `headers` replace or (given empty) remove the defaults.
 */
function post(path: string, form: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return postAsOwner(path, form, headers);
}

/** The buyer of this file's orders unless a test names another. */
const kamau = (): OrderInput => ({
  customer_name: "Wanjiru Kamau",
  customer_email: `buyer-${crypto.randomUUID()}@example.co.ke`,
  customer_company: "Kamau Traders",
});

/** A subscription order: its one line recurs. */
const monthly: OrderInput = { mode: "subscription", items: [{ recurring: 1 }] };

/** An e-mail the queue gave up on after its tries. */
const givenUp = (recipient: string, lastError: string) => ({
  status: "failed" as const,
  recipient,
  subject: `Subject ${crypto.randomUUID()}`,
  attempts: 6,
  last_error: lastError,
  enqueued_at: "2026-01-01T00:00:00.000Z",
});

const rowsOf = (document: Document, selector: string) => queryAll(document, selector);

describe("the back office's sections", () => {
  it("shares a header: the sections as links (the current one marked), who is signed in, labelled search fields", async () => {
    const { status, res, document } = await open("/admin/messages");
    expect(status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const nav = document.querySelector('nav[aria-label="Back office sections"]');
    const links = queryAll(nav as Element, "a").map((a) => [a.getAttribute("href"), textOf(a)]);
    expect(links).toEqual([
      ["/admin/orders", "Orders"],
      ["/admin/subscriptions", "Subscriptions"],
      ["/admin/quotes", "Quotes"],
      ["/admin/messages", "Messages"],
      ["/admin/outbox", "E-mails"],
      ["/admin/invoices", "Tax invoices"],
      ["/admin/insight", "Insight"],
      ["/admin/paybill", "Paybill"],
      ["/admin/people", "People"],
      ["/admin/breaches", "Breaches"],
      ["/admin/settings", "Settings"],
    ]);
    expect(queryAll(nav as Element, '[aria-current="page"]').map((a) => a.getAttribute("href"))).toEqual([
      "/admin/messages",
    ]);
    expect(textOf(document.querySelector("[data-signed-in]"))).toBe("Signed in as admin");
    expect(textOf(document.querySelector("h1"))).toBe("Messages");

    const form = document.querySelector("search form");
    expect(form?.getAttribute("method")).toBe("get");
    expect(form?.getAttribute("action")).toBe("/admin/messages");
    for (const [name, type] of [
      ["q", "search"],
      ["from", "date"],
      ["to", "date"],
    ]) {
      const input = form?.querySelector(`input[name="${name}"]`);
      expect(input?.getAttribute("type"), name).toBe(type);
      expect(document.querySelector(`label[for="${input?.getAttribute("id")}"]`), name).not.toBeNull();
    }
    const select = form?.querySelector('select[name="status"]');
    expect(document.querySelector(`label[for="${select?.getAttribute("id")}"]`)).not.toBeNull();
    expect(queryAll(select as Element, "option").map((o) => [o.getAttribute("value"), textOf(o)])).toEqual([
      ["", "Any"],
      ["unanswered", "Not answered"],
      ["answered", "Answered"],
    ]);
    expect(queryAll(document, "script")).toEqual([]);
    // The file's first request loads the whole back office: over 5 s on a loaded machine.
  }, 20_000);

  it.each([
    ["/admin/orders", "Orders"],
    ["/admin/subscriptions", "Subscriptions"],
    ["/admin/quotes", "Quotes"],
    ["/admin/messages", "Messages"],
    ["/admin/outbox", "E-mails"],
    ["/admin/invoices", "Tax invoices"],
  ])("%s renders with its heading, search form, count and pager", async (path, heading) => {
    const { status, document } = await open(path);
    expect(status).toBe(200);
    expect(textOf(document.querySelector("h1"))).toBe(heading);
    expect(document.querySelector(`search form[action="${path}"]`)).not.toBeNull();
    expect(document.querySelector("[data-total]")).not.toBeNull();
    // The pager shows only when there is a page to go to, and then links it.
    const pager = document.querySelector('nav[aria-label="Pagination"]');
    if (pager) expect(queryAll(pager, "a").length).toBeGreaterThan(0);
    expect(queryAll(document, "[aria-current='page']").map((a) => a.getAttribute("href"))).toEqual([path]);
  });

  it("Orders: finds an order by the buyer's name, e-mail or phone and shows its items and total", async () => {
    const name = `Njeri ${token()}`;
    const email = `${token()}@example.co.ke`;
    const sessionId = await makeOrder({ ...kamau(), customer_name: name, customer_email: email });
    for (const q of [name, email.toUpperCase(), sessionId]) {
      const { document } = await open(`/admin/orders?q=${encodeURIComponent(q)}`);
      const rows = rowsOf(document, "tr[data-session-id]");
      expect(
        rows.map((r) => r.getAttribute("data-session-id")),
        q,
      ).toEqual([sessionId]);
      expect(textOf(document.querySelector("[data-total]"))).toBe("1 order matches this filter");
      const row = document.querySelector(`tr#order-${sessionId}`);
      expect(textOf(row)).toContain(name);
      expect(textOf(row)).toContain("1 × Network Assessment @ $150.00");
      expect(textOf(row)).toContain("$150.00");
    }
    const none = await open(`/admin/orders?q=${token()}`);
    expect(rowsOf(none.document, "tr[data-session-id]")).toEqual([]);
    expect(textOf(none.document.querySelector("[data-total]"))).toBe("0 orders match this filter");
    expect(none.text).toContain("No orders match.");
  });

  it("Orders: filters by status and by date", async () => {
    const word = token();
    const paid = await makeOrder({
      ...kamau(),
      customer_name: `Paid ${word}`,
      status: "paid",
      created_at: "2026-03-02T10:00:00.000Z",
    });
    const pending = await makeOrder({
      ...kamau(),
      customer_name: `Pending ${word}`,
      created_at: "2026-03-05T10:00:00.000Z",
    });
    const ids = async (query: string) =>
      rowsOf((await open(`/admin/orders?q=${word}&${query}`)).document, "tr[data-session-id]").map((r) =>
        r.getAttribute("data-session-id"),
      );
    expect(await ids("")).toEqual([pending, paid]);
    expect(await ids("status=paid")).toEqual([paid]);
    expect(await ids("status=pending")).toEqual([pending]);
    expect(await ids("status=nonsense")).toEqual([pending, paid]);
    expect(await ids("from=2026-03-03")).toEqual([pending]);
    expect(await ids("to=2026-03-02")).toEqual([paid]);
    // The form shows the filter it answered.
    const { document } = await open(`/admin/orders?q=${word}&status=paid&from=2026-03-01`);
    expect(document.querySelector('select[name="status"] option[selected]')?.getAttribute("value")).toBe("paid");
    expect(document.querySelector('input[name="from"]')?.getAttribute("value")).toBe("2026-03-01");
    expect(document.querySelector('input[name="q"]')?.getAttribute("value")).toBe(word);
  });

  it("Subscriptions: status, customer, next renewal, monthly amount, and the monthly revenue of the active ones", async () => {
    const word = token();
    const active = await makeOrder({ ...kamau(), ...monthly, customer_name: `Active ${word}` });
    const canceled = await makeOrder({ ...kamau(), ...monthly, customer_name: `Gone ${word}` });
    await db.batch([
      db
        .prepare(
          `INSERT INTO subscriptions (subscription_id, order_id, status, current_period_end) VALUES (?, ?, 'active', '2026-12-24T00:00:00.000Z')`,
        )
        .bind(`sub_${word}a`, active),
      db
        .prepare(
          `INSERT INTO subscriptions (subscription_id, order_id, status, canceled_at) VALUES (?, ?, 'canceled', '2026-10-01T00:00:00.000Z')`,
        )
        .bind(`sub_${word}c`, canceled),
    ]);
    const { document } = await open(`/admin/subscriptions?q=${word}`);
    const rows = rowsOf(document, "tr[data-subscription-id]");
    expect(rows.map((r) => r.getAttribute("data-subscription-id")).sort()).toEqual([`sub_${word}a`, `sub_${word}c`]);
    const activeRow = document.querySelector(`tr[data-subscription-id="sub_${word}a"]`);
    expect(activeRow?.querySelector("[data-status]")?.getAttribute("data-status")).toBe("active");
    expect(textOf(activeRow)).toContain(`Active ${word}`);
    expect(textOf(activeRow)).toContain("Renews 24 Dec 2026");
    expect(textOf(activeRow)).toContain("$150.00 / month");
    expect(activeRow?.querySelector(`a[href="/admin/orders?q=${active}#order-${active}"]`)).not.toBeNull();
    expect(textOf(document.querySelector(`tr[data-subscription-id="sub_${word}c"]`))).toContain("Ended 1 Oct 2026");
    // Only the active one counts towards the monthly revenue.
    expect(textOf(document.querySelector('[data-revenue="usd"]'))).toBe("$150.00 / month from 1 active subscription");
    const filtered = await open(`/admin/subscriptions?q=${word}&status=canceled`);
    expect(
      rowsOf(filtered.document, "tr[data-subscription-id]").map((r) => r.getAttribute("data-subscription-id")),
    ).toEqual([`sub_${word}c`]);
    expect(filtered.text).toContain("No active subscriptions in this filter.");
  });

  it("Quotes: finds a quote by number or buyer, valid or expired", async () => {
    const name = `Otieno ${token()}`;
    const quote = await makeQuote([cartItem("e1")], { name, email: `${token()}@example.com`, company: undefined });
    for (const q of [quote.number, name]) {
      const { document } = await open(`/admin/quotes?q=${encodeURIComponent(q)}`);
      expect(rowsOf(document, "tr[data-quote-number]").map((r) => r.getAttribute("data-quote-number"))).toEqual([
        quote.number,
      ]);
      expect(document.querySelector(`tr#quote-${quote.number} a[href^="/quote/"]`)).not.toBeNull();
    }
    expect(
      rowsOf(
        (await open(`/admin/quotes?q=${encodeURIComponent(name)}&status=expired`)).document,
        "tr[data-quote-number]",
      ),
    ).toEqual([]);
  });

  it("Messages: finds a message by sender, shows it as text, filters answered or not", async () => {
    const name = `Mutua ${token()}`;
    const id = await makeMessage({ name, message: "Could you look at our Wi-Fi?" });
    const { document } = await open(`/admin/messages?q=${encodeURIComponent(name)}`);
    const cards = rowsOf(document, "article[data-message-id]");
    expect(cards.map((c) => c.getAttribute("data-message-id"))).toEqual([String(id)]);
    expect(textOf(cards[0])).toContain("Could you look at our Wi-Fi?");
    expect(textOf(cards[0])).toContain("Not answered yet");
    const byId = await open(`/admin/messages?q=${encodeURIComponent(`#${id}`)}`);
    expect(byId.document.querySelector(`article#message-${id}`)).not.toBeNull();
    const answered = await open(`/admin/messages?q=${encodeURIComponent(name)}&status=answered`);
    expect(rowsOf(answered.document, "article[data-message-id]")).toEqual([]);
  });

  it("Outbox: finds an e-mail by recipient and status", async () => {
    const recipient = `${token()}@example.com`;
    const id = await makeMail(givenUp(recipient, "boom"));
    const { document } = await open(`/admin/outbox?q=${encodeURIComponent(recipient)}&status=failed`);
    expect(rowsOf(document, "tr[data-outbox-id]").map((r) => r.getAttribute("data-outbox-id"))).toEqual([String(id)]);
    const sent = await open(`/admin/outbox?q=${encodeURIComponent(recipient)}&status=sent`);
    expect(rowsOf(sent.document, "tr[data-outbox-id]")).toEqual([]);
  });

  it("pages through every row: Newer and Older keep the filter and start from a row, not a page number", async () => {
    const word = token();
    const ids: number[] = [];
    for (let i = 0; i < PAGE_SIZE + 2; i++) {
      const minute = String(i).padStart(2, "0");
      ids.push(await makeMessage({ name: `Sender ${word} ${i}`, created_at: `2026-02-01T10:${minute}:00.000Z` }));
    }
    const first = await open(`/admin/messages?q=${word}`);
    expect(rowsOf(first.document, "article[data-message-id]")).toHaveLength(PAGE_SIZE);
    const pagination = first.document.querySelector('nav[aria-label="Pagination"]');
    expect(pagination?.querySelector('a[rel="prev"]')).toBeNull();
    // Older: from the page's last (oldest shown) message, the third one written.
    const older = pagination?.querySelector('a[rel="next"]');
    expect(textOf(older)).toContain("Older");
    expect(older?.getAttribute("href")).toBe(
      `/admin/messages?q=${word}&${new URLSearchParams({ after: `2026-02-01T10:02:00.000Z~${ids[2]}` })}`,
    );
    expect(pagination?.querySelector('a[data-page-link="last"]')?.getAttribute("href")).toBe(
      `/admin/messages?q=${word}&oldest=1`,
    );
    expect(textOf(first.document.querySelector("[data-total]"))).toBe(`${PAGE_SIZE + 2} messages match this filter`);

    const second = await open(older?.getAttribute("href") ?? "");
    const onSecond = rowsOf(second.document, "article[data-message-id]").map((c) =>
      Number(c.getAttribute("data-message-id")),
    );
    // Newest first: the two oldest are on the last page.
    expect(onSecond).toEqual([ids[1], ids[0]]);
    const back = second.document.querySelector('nav[aria-label="Pagination"]');
    expect(back?.querySelector('a[rel="next"]')).toBeNull();
    expect(back?.querySelector('a[data-page-link="first"]')?.getAttribute("href")).toBe(`/admin/messages?q=${word}`);
    // Newer from there: the page before, whole (the list's start), with no way newer.
    const newer = await open(back?.querySelector('a[rel="prev"]')?.getAttribute("href") ?? "");
    expect(rowsOf(newer.document, "article[data-message-id]")).toHaveLength(PAGE_SIZE);
    expect(newer.document.querySelector('nav[aria-label="Pagination"] a[rel="prev"]')).toBeNull();

    // An old numbered link, or a mangled position, opens the newest rows rather than failing.
    for (const path of [`/admin/messages?q=${word}&page=9`, `/admin/messages?q=${word}&after=%3Cscript%3E`]) {
      const opened = await open(path);
      expect(rowsOf(opened.document, "article[data-message-id]").map((c) => c.getAttribute("data-message-id"))).toEqual(
        rowsOf(first.document, "article[data-message-id]").map((c) => c.getAttribute("data-message-id")),
      );
    }
  });
});

describe("CSV exports", () => {
  it("downloads the orders of the current filter as CSV, privately", async () => {
    const word = token();
    const sessionId = await makeOrder({ ...kamau(), customer_name: `=HYPERLINK("x") ${word}`, status: "paid" });
    await makeOrder({ ...kamau(), customer_name: `Other ${word}`, status: "pending" });
    const page = await open(`/admin/orders?q=${word}&status=paid`);
    const link = page.document.querySelector("a[data-csv]");
    expect(link?.getAttribute("href")).toBe(`/admin/orders.csv?q=${word}&status=paid`);

    const { res, body } = await open(`/admin/orders.csv?q=${word}&status=paid`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="acacia-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const lines = body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Created \(UTC\),Order reference,Order id,Stripe session,Status/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(sessionId);
    // The formula is neutralised (OWASP).
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") ${word}"`);
  });

  it("downloads the messages of the current filter as CSV", async () => {
    const word = token();
    await makeMessage({ name: `Kiprono ${word}`, message: "Line one\nline two" });
    const page = await open(`/admin/messages?q=${word}`);
    expect(page.document.querySelector("a[data-csv]")?.getAttribute("href")).toBe(`/admin/messages.csv?q=${word}`);
    const { res, body } = await open(`/admin/messages.csv?q=${word}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="acacia-messages-[\d-]+\.csv"$/);
    const lines = body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Received (UTC),Id,Name,E-mail,Phone,Company,Message,Answered (UTC),Answered by");
    expect(body).toContain(`Kiprono ${word}`);
    expect(body).toContain('"Line one\nline two"');
  });

  it("offers no CSV where there is none, and asks for credentials", async () => {
    expect((await open("/admin/quotes")).document.querySelector("a[data-csv]")).toBeNull();
    const res = await exports.default.fetch(
      new Request(`${SITE}/admin/orders.csv`, { headers: { "CF-Connecting-IP": testClientIp() } }),
    );
    expect(res.status).toBe(401);
    expect(await res.text()).not.toContain("Created (UTC)");
  });
});

describe("POST /admin/messages/:id/answered", () => {
  it("marks a message answered and back, each time audited and shown on the message", async () => {
    const name = `Auma ${token()}`;
    const id = await makeMessage({ name });
    const listQuery = `q=${encodeURIComponent(name)}&status=unanswered`;

    const done = await post(`/admin/messages/${id}/answered?${listQuery}`, { answered: "1" });
    expect(done.status).toBe(303);
    expect(done.res.headers.get("Location")).toBe(
      `/admin/messages?q=Auma+${name.slice(5)}&status=unanswered#message-${id}`,
    );
    expect(done.res.headers.get("Cache-Control")).toBe("no-store");

    let card = (await open(`/admin/messages?q=${encodeURIComponent(name)}`)).document.querySelector(`#message-${id}`);
    expect(card?.hasAttribute("data-answered")).toBe(true);
    expect(textOf(card)).toMatch(/Answered \d{1,2} \w{3} \d{4}, \d{2}:\d{2} by admin/);
    const form = card?.querySelector("form");
    expect(form?.getAttribute("action")).toBe(`/admin/messages/${id}/answered?q=Auma+${name.slice(5)}`);
    expect(form?.querySelector('input[name="answered"]')?.getAttribute("value")).toBe("0");
    expect(textOf(form?.querySelector("button"))).toBe(`Mark not answered (message ${id})`);
    let history = queryAll(card as Element, "details[data-audit] li");
    expect(history.map((li) => li.getAttribute("data-audit-action"))).toEqual(["message.answered"]);
    expect(textOf(history[0])).toMatch(/Marked answered by admin$/);

    // Again: nothing to change, nothing audited.
    expect((await post(`/admin/messages/${id}/answered`, { answered: "1" })).status).toBe(303);
    expect((await post(`/admin/messages/${id}/answered`, { answered: "0" })).status).toBe(303);
    card = (await open(`/admin/messages?q=${encodeURIComponent(name)}`)).document.querySelector(`#message-${id}`);
    expect(card?.hasAttribute("data-answered")).toBe(false);
    expect(textOf(card)).toContain("Not answered yet");
    history = queryAll(card as Element, "details[data-audit] li");
    expect(history.map((li) => li.getAttribute("data-audit-action"))).toEqual([
      "message.unanswered",
      "message.answered",
    ]);
    expect(textOf(card?.querySelector("details summary"))).toBe("History (2)");
  });

  it("refuses a post without answered=1|0 (400), an unknown message (404)", async () => {
    const id = await makeMessage();
    const bad = await post(`/admin/messages/${id}/answered`, { answered: "yes" });
    expect(bad.status).toBe(400);
    expect(textOf(parseDocument(bad.body).querySelector("h1"))).toBe("Nothing changed");
    expect((await post("/admin/messages/987654321/answered", { answered: "1" })).status).toBe(404);
    expect((await post("/admin/messages/abc/answered", { answered: "1" })).status).toBe(404);
  });

  it.each([
    ["another site's Origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
    ["another site's Origin alone (an older browser)", { Origin: "https://evil.example", "Sec-Fetch-Site": "" }],
    ["neither header (curl)", { Origin: "", "Sec-Fetch-Site": "" }],
  ])("refuses (403) a post with %s and changes nothing", async (_label, headers) => {
    const id = await makeMessage();
    const { status } = await post(`/admin/messages/${id}/answered`, { answered: "1" }, headers);
    expect(status).toBe(403);
    const row = await db.prepare("SELECT answered_at FROM contact_messages WHERE id = ?").bind(id).first();
    expect(row?.answered_at).toBeNull();
  });

  it("asks for credentials (401) without them and changes nothing", async () => {
    const id = await makeMessage();
    const { res, status } = await post(`/admin/messages/${id}/answered`, { answered: "1" }, { Authorization: "" });
    expect(status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toMatch(/^Basic /);
    const row = await db.prepare("SELECT answered_at FROM contact_messages WHERE id = ?").bind(id).first();
    expect(row?.answered_at).toBeNull();
  });

  it("refuses a body over 8 KB (413)", async () => {
    const id = await makeMessage();
    const { status } = await post(`/admin/messages/${id}/answered`, { answered: "1", pad: "x".repeat(9000) });
    expect(status).toBe(413);
  });
});

describe("POST /admin/orders/:id/notes", () => {
  it("adds a private note, shown on the order with its audit row", async () => {
    const word = token();
    const sessionId = await makeOrder({ ...kamau(), customer_name: `Noted ${word}` });
    const note = `Called the buyer: <b>refund</b> agreed.\r\nSecond line ${word}`;
    const added = await post(`/admin/orders/${sessionId}/notes?q=${word}`, { note });
    expect(added.status).toBe(303);
    expect(added.res.headers.get("Location")).toBe(`/admin/orders?q=${word}#order-${sessionId}`);

    const { body, document } = await open(`/admin/orders?q=${word}`);
    expect(body).not.toContain("<b>refund</b>");
    const notes = queryAll(document, `tbody[data-order="${sessionId}"] li[data-note-id]`);
    expect(notes).toHaveLength(1);
    // CRLF from the textarea is stored as one line break.
    expect(notes[0]?.querySelector("bdi")?.textContent).toBe(note.replace("\r\n", "\n"));
    expect(textOf(notes[0])).toMatch(/by admin$/);
    const history = queryAll(document, `tbody[data-order="${sessionId}"] details[data-audit] li`);
    expect(history.map((li) => li.getAttribute("data-audit-action"))).toEqual(["order.note"]);
    expect(textOf(history[0])).toMatch(/Added a note by admin$/);

    const form = document.querySelector(`tbody[data-order="${sessionId}"] form`);
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe(`/admin/orders/${sessionId}/notes?q=${word}`);
    const textarea = form?.querySelector('textarea[name="note"]');
    expect(textarea?.getAttribute("maxlength")).toBe(String(ORDER_NOTE_MAX_LENGTH));
    expect(document.querySelector(`label[for="${textarea?.getAttribute("id")}"]`)).not.toBeNull();
  });

  it("refuses a note over the limit or empty (400, saying why) and saves nothing", async () => {
    const sessionId = await makeOrder(kamau());
    const tooLong = await post(`/admin/orders/${sessionId}/notes`, { note: "a".repeat(ORDER_NOTE_MAX_LENGTH + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.res.headers.get("Cache-Control")).toBe("no-store");
    const page = parseDocument(tooLong.body);
    expect(textOf(page.querySelector("h1"))).toBe("Note not added");
    expect(textOf(page.body)).toContain("A note is at most 2,000 characters");
    expect(page.querySelector("a")?.getAttribute("href")).toBe(`/admin/orders#order-${sessionId}`);

    expect((await post(`/admin/orders/${sessionId}/notes`, { note: "   " })).status).toBe(400);
    // Exactly at the limit, in three-byte characters: accepted (the body limit leaves room for it).
    expect((await post(`/admin/orders/${sessionId}/notes`, { note: "ሀ".repeat(ORDER_NOTE_MAX_LENGTH) })).status).toBe(
      303,
    );
    const count = await db
      .prepare("SELECT COUNT(*) AS n FROM order_notes WHERE order_id = ?")
      .bind(sessionId)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  it("answers 404 for an unknown order, 403 cross-site, 401 without credentials", async () => {
    expect((await post(`/admin/orders/${fakeSessionId()}/notes`, { note: "hello" })).status).toBe(404);
    const sessionId = await makeOrder(kamau());
    expect(
      (
        await post(
          `/admin/orders/${sessionId}/notes`,
          { note: "x" },
          { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        )
      ).status,
    ).toBe(403);
    expect((await post(`/admin/orders/${sessionId}/notes`, { note: "x" }, { Authorization: "" })).status).toBe(401);
    const count = await db
      .prepare("SELECT COUNT(*) AS n FROM order_notes WHERE order_id = ?")
      .bind(sessionId)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });
});

describe("POST /admin/outbox/:id/resend is audited", () => {
  it("shows the resend, who and the error it had, in the e-mail's history", async () => {
    const recipient = `${token()}@example.com`;
    const id = await makeMail(givenUp(recipient, "Error: the mail service answered 503"));
    const resent = await post(`/admin/outbox/${id}/resend?q=${encodeURIComponent(recipient)}`);
    expect(resent.status).toBe(303);
    expect(resent.res.headers.get("Location")).toBe(`/admin/outbox?q=${encodeURIComponent(recipient)}#outbox-${id}`);
    const { document } = await open(`/admin/outbox?q=${encodeURIComponent(recipient)}`);
    const history = queryAll(document, `tr#outbox-${id} details[data-audit] li`);
    expect(history.map((li) => li.getAttribute("data-audit-action"))).toEqual(["outbox.resend"]);
    expect(textOf(history[0])).toMatch(/Resent by admin · Error: the mail service answered 503$/);
  });
});

describe("visitor text in the back office", () => {
  it("isolates it in <bdi> and shows bidirectional controls as visible markers, never as markup", async () => {
    const word = token();
    const name = `Photo ${word} \u202Egnp.exe`;
    const id = await makeMessage({ name, message: `<img src=x onerror=alert(1)> \u2067مرحبا\u2069 🎉` });
    const { body, document } = await open(`/admin/messages?q=${word}`);
    expect(body).not.toContain("<img src=x");
    expect(body).not.toContain("\u202E");
    const card = document.querySelector(`#message-${id}`);
    const heading = card?.querySelector("h2 bdi");
    expect(heading?.querySelector('abbr[title="right-to-left override"]')?.textContent).toBe("RLO");
    expect(textOf(heading)).toBe(`Photo ${word} RLO gnp.exe`);
    const markers = queryAll(card as Element, "abbr[data-bidi-marker]").map((a) => a.getAttribute("data-bidi-marker"));
    expect(markers).toEqual(["RLO", "RLI", "PDI"]);
    expect(textOf(card)).toContain("<img src=x onerror=alert(1)>");
    expect(textOf(card)).toContain("🎉");
  });
});
