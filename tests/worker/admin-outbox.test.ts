import { createMessageBatch } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { deliverMail } from "../../src/mail/deliver.ts";
import type { MailJob } from "../../src/mail/enqueue.ts";
import { MAIL_QUEUE_NAME } from "../../src/mail/mail-queues.ts";
import type { OutboxRow, OutboxStatus } from "../../src/mail/outbox.ts";
import { sweepOutbox } from "../../src/mail/outbox-sweep.ts";
import type { Mailer, OutgoingMail } from "../../src/providers/email.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { TEST_OWNER_EMAIL, WORKER_ADMIN_PASSWORD } from "../support/secrets.ts";
import { makeOrder } from "./support/factories.ts";
import { parseDocument, queryAll, textOf } from "./support/html.ts";
import { SITE } from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";
import { workContext } from "./support/work-context.ts";

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

const CHALLENGE = 'Basic realm="Acacia admin", charset="UTF-8"';

function basic(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

const owner = () => basic("admin", WORKER_ADMIN_PASSWORD);

type Seed = {
  kind?: string;
  status: OutboxStatus;
  recipient?: string;
  subject?: string;
  attempts?: number;
  lastError?: string | null;
  orderId?: string | null;
  messageId?: number | null;
  sentAt?: string | null;
};

/** An outbox row written straight to D1, in the state the test needs. */
async function seedMail(seed: Seed): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO outbox (kind, dedupe_key, recipient, subject, order_id, message_id, payload, status, attempts,
       last_error, enqueued_at, sent_at)
     VALUES (?, ?, ?, ?, ?, ?, '{}', ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour'), ?)
     RETURNING id`,
  )
    .bind(
      seed.kind ?? "contact-ack",
      `test:${crypto.randomUUID()}`,
      seed.recipient ?? `someone-${crypto.randomUUID()}@example.com`,
      seed.subject ?? `Subject ${crypto.randomUUID()}`,
      seed.orderId ?? null,
      seed.messageId ?? null,
      seed.status,
      seed.attempts ?? 0,
      seed.lastError ?? null,
      seed.sentAt ?? null,
    )
    .first<{ id: number }>();
  if (!row) throw new Error("outbox row not seeded");
  return row.id;
}

async function outboxRow(id: number): Promise<OutboxRow> {
  const row = await env.DB.prepare("SELECT * FROM outbox WHERE id = ?").bind(id).first<OutboxRow>();
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

async function openAdmin(path = "/admin/outbox") {
  const res = await exports.default.fetch(
    new Request(`${SITE}${path}`, { headers: { Authorization: owner(), "CF-Connecting-IP": testClientIp() } }),
  );
  expect(res.status).toBe(200);
  const html = await res.text();
  const document = parseDocument(html);
  return { html, document };
}

/** A queue that records what it is given instead of delivering it. */
function recordingQueue(): Queue<MailJob> & { sent: MailJob[] } {
  const sent: MailJob[] = [];
  return {
    sent,
    async send(body: MailJob) {
      sent.push(body);
    },
    async sendBatch(messages: Iterable<MessageSendRequest<MailJob>>) {
      for (const message of messages) sent.push(message.body);
    },
  } as unknown as Queue<MailJob> & { sent: MailJob[] };
}

/**
 * The POST the Resend button makes: an empty form from the admin page itself, which carries the
 * owner's Basic credentials; `headers` replace or (given empty) remove the defaults.
 */
function resendRequest(id: number | string, headers: Record<string, string> = {}): Request {
  const all = new Headers({
    Authorization: owner(),
    Origin: SITE,
    "Sec-Fetch-Site": "same-origin",
    "Content-Type": "application/x-www-form-urlencoded",
    "CF-Connecting-IP": testClientIp(),
  });
  for (const [name, value] of Object.entries(headers)) {
    if (value === "") all.delete(name);
    else all.set(name, value);
  }
  return new Request(`${SITE}/admin/outbox/${id}/resend`, {
    method: "POST",
    headers: all,
    body: "",
    redirect: "manual",
  });
}

/** Sends through the app with a recording queue, so a test sees exactly what was handed over. */
async function resend(id: number | string, headers?: Record<string, string>, bindings: Partial<Env> = {}) {
  const queue = recordingQueue();
  const res = await createApp().fetch(resendRequest(id, headers), { ...env, MAIL_QUEUE: queue, ...bindings });
  return { res, status: res.status, text: await res.text(), queued: queue.sent };
}

describe("/admin/outbox lists the e-mails", () => {
  it("shows each e-mail with its kind, recipient, subject, status, attempts, error and related order or message", async () => {
    const orderId = await makeOrder();
    const sent = await seedMail({
      kind: "order-confirmed",
      status: "sent",
      recipient: "buyer@example.co.ke",
      subject: "Your order is confirmed",
      attempts: 1,
      orderId,
      sentAt: new Date().toISOString(),
    });
    const queued = await seedMail({
      kind: "owner-contact",
      status: "queued",
      recipient: TEST_OWNER_EMAIL,
      messageId: 41,
    });
    const failed = await seedMail({
      kind: "owner-new-order",
      status: "failed",
      recipient: TEST_OWNER_EMAIL,
      attempts: 6,
      lastError: "Error: the mail service answered 503",
      orderId,
    });
    const unconfigured = await seedMail({ kind: "contact-ack", status: "not_configured", recipient: "" });

    const { document } = await openAdmin();
    expect(textOf(document.querySelector("h1"))).toBe("E-mails");
    expect(textOf(document.querySelector("[data-total]"))).toMatch(/^\d+ e-mails?\b/);
    const rowOf = (id: number) => document.querySelector(`tr#outbox-${id}`);
    const statusOf = (id: number) => rowOf(id)?.querySelector("[data-status]")?.getAttribute("data-status");

    expect(statusOf(sent)).toBe("sent");
    expect(rowOf(sent)?.getAttribute("data-kind")).toBe("order-confirmed");
    const sentText = textOf(rowOf(sent));
    expect(sentText).toContain("Order confirmation to the buyer");
    expect(sentText).toContain("order-confirmed");
    expect(sentText).toContain("buyer@example.co.ke");
    expect(sentText).toContain("Your order is confirmed");
    expect(sentText).toContain("✓ Sent");
    expect(rowOf(sent)?.querySelector("time[data-sent-at]")).not.toBeNull();
    // The related order's link finds it in Orders, on whatever page it is.
    expect(rowOf(sent)?.querySelector(`a[href="/admin/orders?q=${orderId}#order-${orderId}"]`)).not.toBeNull();

    expect(statusOf(queued)).toBe("queued");
    expect(textOf(rowOf(queued))).toContain("Queued");
    expect(textOf(rowOf(queued))).toContain(TEST_OWNER_EMAIL);
    expect(rowOf(queued)?.querySelector('a[href="/admin/messages?q=%2341#message-41"]')).not.toBeNull();

    expect(statusOf(failed)).toBe("failed");
    const failedText = textOf(rowOf(failed));
    expect(failedText).toContain("✕ Failed");
    expect(rowOf(failed)?.querySelector("[data-last-error]")?.textContent).toBe(
      "Last error: Error: the mail service answered 503",
    );
    expect(textOf(rowOf(failed)?.querySelector("td:nth-child(5)"))).toContain("6");

    expect(statusOf(unconfigured)).toBe("not_configured");
    expect(textOf(rowOf(unconfigured))).toContain("Not configured");

    // Newest first.
    const ids = queryAll(document, "tr[data-outbox-id]").map((tr) => Number(tr.getAttribute("data-outbox-id")));
    expect(ids.indexOf(unconfigured)).toBeLessThan(ids.indexOf(sent));

    // The owner e-mail's link (/admin#order-<id>) lands on Orders, where the order's row is.
    const redirect = await exports.default.fetch(
      new Request(`${SITE}/admin`, {
        headers: { Authorization: owner(), "CF-Connecting-IP": testClientIp() },
        redirect: "manual",
      }),
    );
    expect(redirect.status).toBe(303);
    expect(redirect.headers.get("Location")).toBe("/admin/orders");
    const orders = await openAdmin(`/admin/orders?q=${orderId}`);
    expect(orders.document.querySelector(`tr#order-${orderId}`)?.getAttribute("data-session-id")).toBe(orderId);
  });

  it("offers Resend only on failed e-mails, as a plain form post to the resend path", async () => {
    const failed = await seedMail({ status: "failed", lastError: "boom" });
    const others = await Promise.all(
      (["queued", "sent", "not_configured"] as const).map((status) => seedMail({ status })),
    );
    const { document } = await openAdmin();

    const forms = queryAll(document, `tr#outbox-${failed} form`);
    expect(forms).toHaveLength(1);
    expect(forms[0]?.getAttribute("method")).toBe("post");
    expect(forms[0]?.getAttribute("action")).toBe(`/admin/outbox/${failed}/resend`);
    expect(queryAll(forms[0] as Element, "input")).toEqual([]);
    expect(textOf(forms[0]?.querySelector('button[type="submit"]'))).toBe("Resend");
    for (const id of others) expect(queryAll(document, `tr#outbox-${id} form, tr#outbox-${id} button`)).toEqual([]);

    // Every Resend on the page belongs to a failed row.
    for (const form of queryAll(document, 'form[action^="/admin/outbox/"]')) {
      expect(form.closest("tr")?.querySelector("[data-status]")?.getAttribute("data-status")).toBe("failed");
    }
  });

  it("shows subjects and errors as text, never as markup", async () => {
    const marker = crypto.randomUUID();
    const id = await seedMail({
      status: "failed",
      subject: `<script>alert("${marker}")</script>`,
      lastError: `<img src=x onerror=alert(1)> ${marker}`,
    });
    const { html, document } = await openAdmin();
    expect(html).not.toContain(`<script>alert("${marker}")`);
    expect(html).not.toContain("<img src=x");
    expect(queryAll(document, "script")).toEqual([]);
    const text = textOf(document.querySelector(`tr#outbox-${id}`));
    expect(text).toContain(`<script>alert("${marker}")</script>`);
    expect(text).toContain(`<img src=x onerror=alert(1)> ${marker}`);
  });
});

describe("POST /admin/outbox/:id/resend", () => {
  it("puts a failed e-mail back in the queue and returns the owner to its row", async () => {
    const id = await seedMail({ status: "failed", attempts: 6, lastError: "Error: gave up" });
    const { res, status, text, queued } = await resend(id);
    expect(status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/admin/outbox#outbox-${id}`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(text).toBe("");
    expect(queued).toEqual([{ outboxId: id }]);

    const row = await outboxRow(id);
    expect(row.status).toBe("queued");
    expect(row.attempts).toBe(0);
    expect(row.enqueued_at).not.toBeNull();
    expect(row.sent_at).toBeNull();
    // The error stays visible until the next try replaces it.
    expect(row.last_error).toBe("Error: gave up");
  });

  it("works through the real worker and queue, from a same-origin form under a no-referrer policy (Origin: null)", async () => {
    const id = await seedMail({ status: "failed", attempts: 6, lastError: "Error: gave up" });
    const res = await exports.default.fetch(resendRequest(id, { Origin: "null" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/admin/outbox#outbox-${id}`);
    const row = await outboxRow(id);
    // The queue's consumer may already have sent it.
    expect(["queued", "sent"]).toContain(row.status);
    expect(row.enqueued_at).not.toBeNull();
  });

  it("keeps the row queued when the queue cannot be reached (the sweep hands it over later)", async () => {
    const id = await seedMail({ status: "failed", attempts: 6 });
    const broken = { sendBatch: async () => Promise.reject(new Error("queue down")) } as unknown as Queue<MailJob>;
    const res = await createApp().fetch(resendRequest(id), { ...env, MAIL_QUEUE: broken });
    expect(res.status).toBe(303);
    const row = await outboxRow(id);
    expect(row.status).toBe("queued");
    expect(row.enqueued_at).toBeNull();
  });

  it.each([
    ["sent", "Sent"],
    ["queued", "Queued"],
    ["not_configured", "Not configured"],
  ] as const)("refuses (409) an e-mail that is %s and changes nothing", async (status, label) => {
    const id = await seedMail({ status, attempts: 2, sentAt: status === "sent" ? new Date().toISOString() : null });
    const before = await outboxRow(id);
    const { res, text, queued } = await resend(id);
    expect(res.status).toBe(409);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const document = parseDocument(text);
    expect(textOf(document.querySelector("h1"))).toBe("Nothing resent");
    expect(textOf(document.body)).toContain(`it is ${label.toLowerCase()}`);
    expect(document.querySelector("a")?.getAttribute("href")).toBe(`/admin/outbox#outbox-${id}`);
    expect(queued).toEqual([]);
    expect(await outboxRow(id)).toEqual(before);
  });

  it("resends once when the button is pressed twice", async () => {
    const id = await seedMail({ status: "failed" });
    expect((await resend(id)).status).toBe(303);
    const second = await resend(id);
    expect(second.status).toBe(409);
    expect(second.queued).toEqual([]);
  });

  it("sends a resent e-mail once when the resend's message and the sweep's reach the consumer together", async () => {
    const id = await seedMail({ status: "failed", attempts: 6, lastError: "Error: gave up" });
    const { status, queued } = await resend(id);
    expect(status).toBe(303);
    // The resend's message is slow to arrive: the sweep takes the row for lost and hands it over too.
    await env.DB.prepare(
      "UPDATE outbox SET enqueued_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 hours') WHERE id = ?",
    )
      .bind(id)
      .run();
    const swept = recordingQueue();
    await sweepOutbox(workContext({ ...env, MAIL_QUEUE: swept }));
    expect(swept.sent).toContainEqual({ outboxId: id });

    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      async send(mail) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(mail);
      },
    };
    const batches = [queued, swept.sent.filter((job) => job.outboxId === id)].map((jobs, i) =>
      createMessageBatch<MailJob>(
        MAIL_QUEUE_NAME,
        jobs.map((body) => ({ id: `resend-${i}-${id}`, timestamp: new Date(), attempts: 1, body })),
      ),
    );
    await Promise.all(batches.map((batch) => deliverMail(batch, env, mailer)));
    expect(sent).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 1, last_error: null });
  });

  it.each(["abc", "1.5", "-1", "0", "1e3", "99999999999999999999"])("answers 404 for the id %s", async (id) => {
    const { status, queued } = await resend(id);
    expect(status).toBe(404);
    expect(queued).toEqual([]);
  });

  it("answers 404 for an e-mail that does not exist", async () => {
    const { status, queued } = await resend(987654321);
    expect(status).toBe(404);
    expect(queued).toEqual([]);
  });

  it.each([
    [
      "another site's Origin and Sec-Fetch-Site: cross-site",
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    ],
    ["Sec-Fetch-Site: cross-site alone", { Origin: "", "Sec-Fetch-Site": "cross-site" }],
    ["another site's Origin alone (an older browser)", { Origin: "https://evil.example", "Sec-Fetch-Site": "" }],
    [
      "Sec-Fetch-Site: same-site (a sibling subdomain)",
      { Origin: "http://shop.example.com", "Sec-Fetch-Site": "same-site" },
    ],
    ["neither header (curl)", { Origin: "", "Sec-Fetch-Site": "" }],
  ])(
    "refuses (403) a post with %s, even with the owner's credentials, and changes nothing",
    async (_label, headers) => {
      const id = await seedMail({ status: "failed", attempts: 6, lastError: "boom" });
      const before = await outboxRow(id);
      const { status, queued } = await resend(id, headers);
      expect(status).toBe(403);
      expect(queued).toEqual([]);
      expect(await outboxRow(id)).toEqual(before);
    },
  );

  it("asks for credentials (401) without them or with wrong ones, and changes nothing", async () => {
    const id = await seedMail({ status: "failed", attempts: 6 });
    const before = await outboxRow(id);
    for (const headers of [{ Authorization: "" }, { Authorization: basic("admin", "guess") }]) {
      const { res, status, text, queued } = await resend(id, headers);
      expect(status).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toBe(CHALLENGE);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(text).not.toContain("Resend");
      expect(queued).toEqual([]);
    }
    expect(await outboxRow(id)).toEqual(before);
  });

  it("does not exist (404) without ADMIN_PASSWORD", async () => {
    const id = await seedMail({ status: "failed" });
    const { status, queued } = await resend(id, {}, { ADMIN_PASSWORD: "" });
    expect(status).toBe(404);
    expect(queued).toEqual([]);
    expect((await outboxRow(id)).status).toBe("failed");
  });

  it("counts against the sign-in limiter: over it, even the owner waits (429)", async () => {
    const id = await seedMail({ status: "failed" });
    const ip = testClientIp();
    for (let i = 0; i < 10; i++) {
      expect((await resend(id, { Authorization: basic("admin", `guess-${i}`), "CF-Connecting-IP": ip })).status).toBe(
        401,
      );
    }
    const limited = await resend(id, { "CF-Connecting-IP": ip });
    expect(limited.status).toBe(429);
    expect(limited.res.headers.get("Retry-After")).toBe("60");
    expect((await outboxRow(id)).status).toBe("failed");
  });
});
