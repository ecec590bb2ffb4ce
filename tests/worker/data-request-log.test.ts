// Requests received elsewhere (issue 36): the owner logs one in the People section, sees its Data
// Protection Act deadline counting down, looks the person up, and marks it answered; bad input,
// another site and a stranger change nothing, and two answers at once answer it once.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { DataRequestRow } from "../../src/db/data-request-tables.ts";
import type { AuditRow } from "../../src/db/schema.ts";
import { nairobiDay } from "../../src/lib/dates.ts";
import { addDays, longDay } from "../../src/privacy/data-request-clock.ts";
import { personSubject } from "../../src/privacy/person.ts";
import { personKey } from "../../src/privacy/person-key.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";

// The back office loads on its first request, and each test makes several on a shared runtime.
vi.setConfig({ testTimeout: 15_000 });

const db = env.DB;
const today = () => nairobiDay(new Date());
const unique = () => crypto.randomUUID().slice(0, 8);

const requestRows = async () =>
  (await db.prepare("SELECT * FROM data_requests ORDER BY id").all<DataRequestRow>()).results;
const requestRow = (id: number) =>
  db.prepare("SELECT * FROM data_requests WHERE id = ?").bind(id).first<DataRequestRow>();
const personAudit = async () =>
  (await db.prepare("SELECT * FROM admin_audit WHERE subject_kind = 'person' ORDER BY id").all<AuditRow>()).results;

type LogForm = { kind?: string; channel?: string; received_on?: string; email?: string; note?: string };

const logRequest = (form: LogForm, headers: Record<string, string> = {}) =>
  postAsOwner("/admin/people/requests", form as Record<string, string>, headers);

/** Logs a request that must be accepted; its number (from the redirect to its row). */
async function logged(form: LogForm): Promise<number> {
  const res = await logRequest(form);
  expect(res.status).toBe(303);
  const location = res.res.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/admin\/people\?done=logged#request-\d+$/);
  return Number(location.split("#request-")[1]);
}

const close = (id: number, note: string, headers: Record<string, string> = {}) =>
  postAsOwner(`/admin/people/requests/${id}/close`, { note }, headers);

describe("logging a request received elsewhere", () => {
  it("shows its due day: 7 days after it arrived, 30 for portability, and keeps no address", async () => {
    const local = `wanjiru${unique()}`;
    const received = addDays(today(), -2);
    const access = await logged({
      kind: "access",
      channel: "letter",
      received_on: received,
      email: `${local}@gmail.com`,
    });
    const port = await logged({
      kind: "portability",
      channel: "whatsapp",
      received_on: received,
      email: `${local.slice(0, 3)}.${local.slice(3)}+x@GoogleMail.com`,
    });

    const page = await openAsOwner("/admin/people?done=logged");
    expect(page.status).toBe(200);
    expect(page.document.querySelector('[data-notice="logged"]')).not.toBeNull();
    const row = (id: number) => page.document.querySelector(`#request-${id}`);
    expect(row(access)?.querySelector("time")?.getAttribute("datetime")).toBe(addDays(received, 7));
    expect(row(access)?.textContent).toContain(longDay(addDays(received, 7)));
    expect(row(access)?.querySelector("[data-request-clock]")?.textContent).toBe("due in 5 days");
    expect(row(access)?.textContent).toContain(`${longDay(received)}, by letter`);
    expect(row(port)?.querySelector("time")?.getAttribute("datetime")).toBe(addDays(received, 30));
    expect(row(port)?.querySelector("[data-request-clock]")?.textContent).toBe("due in 28 days");
    expect(row(port)?.textContent).toContain("on WhatsApp");

    // Both spellings are one person: one hash, one masked form, and the address nowhere.
    const subject = await personSubject(personKey(`${local}@gmail.com`));
    const [a, p] = [await requestRow(access), await requestRow(port)];
    expect(a).toMatchObject({ kind: "access", channel: "letter", state: "open", subject, person: "w•••@gmail.com" });
    expect(p?.subject).toBe(subject);
    expect(JSON.stringify([a, p])).not.toContain(local.slice(1));
    const audit = (await personAudit()).filter((r) => r.action === "person.request_logged").slice(-2);
    expect(audit.map((r) => r.subject_id)).toEqual([subject, subject]);
    expect(audit[0]?.detail).toContain(`Access request no. ${access} logged: received by letter on ${received}`);
    expect(JSON.stringify(audit)).not.toContain(local.slice(1));
  });

  it("lists open requests by due day, the overdue first, then the answered", async () => {
    const email = `order${unique()}@example.com`;
    const late = await logged({ kind: "erasure", channel: "phone", received_on: addDays(today(), -9), email });
    const soon = await logged({ kind: "objection", channel: "in_person", received_on: addDays(today(), -7), email });
    const later = await logged({ kind: "access", channel: "email", received_on: today(), email });
    const page = await openAsOwner("/admin/people");
    const ids = [...page.document.querySelectorAll("[data-requests-log] [data-request-id]")].map((r) =>
      Number(r.getAttribute("data-request-id")),
    );
    expect(ids.indexOf(late)).toBeLessThan(ids.indexOf(soon));
    expect(ids.indexOf(soon)).toBeLessThan(ids.indexOf(later));
    const clockOf = (id: number) => page.document.querySelector(`#request-${id} [data-request-clock]`)?.textContent;
    expect(clockOf(late)).toBe("overdue by 2 days");
    expect(clockOf(soon)).toBe("due today");
    expect(clockOf(later)).toBe("due in 7 days");
  });

  it("shows a note as text, never as markup", async () => {
    const note = `Asked at the desk <img src=x onerror="alert(1)"><script>alert(2)</script> & left`;
    const id = await logged({
      kind: "rectification",
      channel: "in_person",
      received_on: today(),
      email: `n${unique()}@example.com`,
      note,
    });
    const page = await openAsOwner("/admin/people");
    const row = page.document.querySelector(`#request-${id}`);
    expect(row?.querySelector("img, script")).toBeNull();
    expect(row?.textContent).toContain(note);
    expect((await requestRow(id))?.note).toBe(note);
  });
});

describe("bad input is refused with every problem named, and nothing is saved", () => {
  const good = () => ({
    kind: "access",
    channel: "letter",
    received_on: today(),
    email: `bad${unique()}@example.com`,
  });

  it.each([
    ["a day after today", { received_on: addDays(today(), 1) }, "cannot be after today"],
    ["91 days ago", { received_on: addDays(today(), -91) }, "more than 90 days ago"],
    ["a day that does not exist", { received_on: "2026-02-30" }, "Write the date received as a date"],
    ["an unknown kind", { kind: "deletion" }, "Choose what they ask for"],
    ["an unknown channel", { channel: "carrier-pigeon" }, "Choose how the request reached us"],
    ["no address", { email: "" }, "Write the person's e-mail address"],
    ["an address with a control character", { email: "a\u0007b@example.com" }, "Write the person's e-mail address"],
    ["a note with HTML and a control character", { note: "<b>hi</b>\u0000\u001b[31m" }, "not text"],
    ["a note of 1,001 characters", { note: "x".repeat(1001) }, "longer than 1000 characters"],
  ])("%s", async (_, change, message) => {
    const [requests, audit] = [(await requestRows()).length, (await personAudit()).length];
    const res = await logRequest({ ...good(), ...change });
    expect(res.status).toBe(400);
    const problems = res.document.querySelector("[data-log-problems]");
    expect(problems?.getAttribute("data-log-problems")).toBe("1");
    expect(problems?.textContent).toContain(message);
    expect((await requestRows()).length).toBe(requests);
    expect((await personAudit()).length).toBe(audit);
  });

  it("names every problem at once and shows what was typed back as text", async () => {
    const hostile = `<script>alert(1)</script>\u0007`;
    const before = (await requestRows()).length;
    const res = await logRequest({ kind: "x", received_on: "tomorrow", email: "<b>nobody</b>", note: hostile });
    expect(res.status).toBe(400);
    expect(res.document.querySelector("[data-log-problems]")?.getAttribute("data-log-problems")).toBe("5");
    expect(res.body).not.toContain("<script>alert(1)");
    expect(res.body).not.toContain("<b>nobody</b>");
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;</textarea>");
    expect(res.body).not.toContain("\u0007");
    expect((await requestRows()).length).toBe(before);
  });

  it("refuses another site's post and a stranger, saving nothing", async () => {
    const before = (await requestRows()).length;
    const crossSite = await logRequest(good(), { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const stranger = await logRequest(good(), { Authorization: "" });
    expect([401, 404]).toContain(stranger.status);
    const id = await logged(good());
    const closeCrossSite = await close(id, "done", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(closeCrossSite.status).toBe(403);
    expect([401, 404]).toContain((await close(id, "done", { Authorization: "" })).status);
    expect((await requestRows()).length).toBe(before + 1);
    expect((await requestRow(id))?.state).toBe("open");
    // A body longer than any the form makes is refused unread.
    const huge = await logRequest({ ...good(), note: "x".repeat(17 * 1024) });
    expect(huge.status).toBe(413);
  });
});

describe("marking a request answered", () => {
  it("needs a note, records who answered and how, and says so on the page", async () => {
    const id = await logged({
      kind: "objection",
      channel: "email",
      received_on: today(),
      email: `o${unique()}@example.com`,
    });
    const empty = await close(id, "   ");
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Write what was done");
    expect((await requestRow(id))?.state).toBe("open");

    const res = await close(id, "Stopped the newsletter to them\r\nand confirmed by e-mail");
    expect(res.status).toBe(303);
    expect(res.res.headers.get("Location")).toBe(`/admin/people?done=answered#request-${id}`);
    const row = await requestRow(id);
    expect(row).toMatchObject({
      state: "answered",
      answered_how: "noted",
      answered_by: "admin",
      answer_note: "Stopped the newsletter to them\nand confirmed by e-mail",
    });
    const page = await openAsOwner("/admin/people?done=answered");
    const shown = page.document.querySelector(`#request-${id}`);
    expect(shown?.querySelector("[data-request-clock]")?.textContent).toBe(
      `answered on ${longDay(nairobiDay(row?.answered_at ?? ""))} by note`,
    );
    expect(shown?.querySelector("[data-close-form]")).toBeNull();
    expect(shown?.textContent).toContain("Stopped the newsletter");
    const audit = (await personAudit()).filter((r) => r.action === "person.request_closed");
    expect(audit.at(-1)?.detail).toContain(`Request no. ${id} marked answered`);
    expect(audit.at(-1)?.subject_id).toBe(row?.subject);

    const again = await close(id, "Once more");
    expect(again.status).toBe(409);
    expect(again.body).toContain("already answered");
    expect((await requestRow(id))?.answer_note).toBe("Stopped the newsletter to them\nand confirmed by e-mail");
    expect((await close(999_999, "Nothing")).status).toBe(404);
    expect((await close(0, "Nothing")).status).toBe(404);
  });

  it("two answers at once: one answers it, the other is told it was already answered", async () => {
    const id = await logged({
      kind: "rectification",
      channel: "phone",
      received_on: today(),
      email: `r${unique()}@example.com`,
    });
    const [a, b] = await Promise.all([close(id, "Corrected the phone number"), close(id, "Fixed the company name")]);
    expect([a.status, b.status].sort()).toEqual([303, 409]);
    const closings = (await personAudit()).filter(
      (r) => r.action === "person.request_closed" && r.detail?.includes(`"request":${id}`),
    );
    expect(closings).toHaveLength(1);
    const kept = a.status === 303 ? "Corrected the phone number" : "Fixed the company name";
    expect((await requestRow(id))?.answer_note).toBe(kept);
  });
});

describe("looking up the person of a request", () => {
  it("lists the person's requests and says whether the address typed is theirs", async () => {
    const local = `kamau${unique()}`;
    const id = await logged({ kind: "access", channel: "letter", received_on: today(), email: `${local}@gmail.com` });
    const same = await openAsOwner(
      `/admin/people?email=${encodeURIComponent(`${local.toUpperCase()}@gmail.com`)}&request=${id}`,
    );
    expect(same.document.querySelector("[data-request-check]")?.getAttribute("data-request-check")).toBe("matches");
    expect(same.document.querySelector(`[data-person-requests] #person-request-${id}`)).not.toBeNull();
    expect(same.document.querySelector(`[data-requests-log] #request-${id}`)).not.toBeNull();
    const other = await openAsOwner(`/admin/people?email=${encodeURIComponent(`${local}x@gmail.com`)}&request=${id}`);
    expect(other.document.querySelector("[data-request-check]")?.getAttribute("data-request-check")).toBe("differs");
    expect(other.text).toContain("k•••@gmail.com");
    expect(other.document.querySelector("[data-person-requests]")?.getAttribute("data-person-requests")).toBe("0");
  });
});
