import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { contactApiMessages } from "../../src/contact/contact-copy.ts";
import { insertContactMessage } from "../../src/contact/contact-messages.ts";
import { envWith } from "./support/env.ts";
import { SITE, sitePost } from "./support/orders.ts";

/** D1 as the tests' own, except that storing a contact message returns no row (as a failed RETURNING would). */
function dbStoringNothing(): D1Database {
  // However the insert reads its RETURNING (raw SQL's first(), drizzle's raw() or all()): no row.
  const nothing = {
    bind: () => nothing,
    first: async () => null,
    raw: async () => [],
    all: async () => ({ results: [], success: true, meta: {} }),
  };
  return new Proxy(env.DB, {
    get(target, key) {
      if (key === "prepare") {
        return (sql: string) => (/INSERT INTO "?contact_messages"?/i.test(sql) ? nothing : target.prepare(sql));
      }
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const message = (email: string) => ({
  name: "Amina Otieno",
  email,
  company: "",
  phone: "",
  message: "Please call me about a network audit.",
  website: "",
});

describe("a contact message the database gives no id for", () => {
  it("is an error, never message 0", async () => {
    await expect(insertContactMessage(dbStoringNothing(), message("none@example.com"))).rejects.toThrow(/no id/i);
  });

  it("tells the sender it was not saved, and queues no e-mail under a shared key that would swallow later ones", async () => {
    const email = `unsaved-${crypto.randomUUID()}@example.com`;
    const res = await createApp().fetch(
      new Request(`${SITE}/api/contact`, sitePost(JSON.stringify(message(email)), "application/json")),
      envWith({ DB: dbStoringNothing() }),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: contactApiMessages.storeFailed });
    const { results } = await env.DB.prepare("SELECT dedupe_key FROM outbox WHERE payload LIKE ? OR recipient = ?")
      .bind(`%${email}%`, email)
      .all<{ dedupe_key: string }>();
    expect(results).toEqual([]);
  });
});
