import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_LIMITS } from "../../src/contact/contact-message-schema.ts";
import {
  encode,
  expectSafeAnswer,
  FUZZ_RUNS,
  hostileString,
  hostileValue,
  POLLUTING_KEYS,
  runProperty,
  setOwn,
} from "./support/fuzz.ts";
import { read, testClientIp } from "./support/payment.ts";

const CONTACT_URL = "http://example.com/api/contact";
const FIELDS = ["name", "email", "company", "phone", "message", "website"] as const;

const statuses: Record<number, number> = {};
let totalCases = 0;

afterAll(() => {
  console.log(`fuzz POST /api/contact: ${totalCases} cases, answers by status`, statuses);
});

/** As the contact form sends it: JSON from the site's own origin, each case from its own client. */
async function postContact(body: string) {
  const res = await exports.default.fetch(CONTACT_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://example.com", "CF-Connecting-IP": testClientIp() },
    body,
  });
  return read(res);
}

async function storedFor(email: string) {
  const { results } = await env.DB.prepare("SELECT * FROM contact_messages WHERE email = ?")
    .bind(email)
    .all<{ name: string; message: string }>();
  return results;
}

/**
 * One case: the body, the sender's unique e-mail (when the case has one), the message when the
 * case left e-mail and message intact, and whether the honeypot (`website`) is filled in.
 */
type Sent = { body: unknown; email?: string; message?: string; honeypot?: boolean };

/**
 * Posts one case. A 2xx for a filled honeypot must store nothing (the bot is told "sent" and
 * learns nothing); any other 2xx must have stored exactly the message.
 */
async function check({ body, email, message, honeypot }: Sent): Promise<void> {
  totalCases++;
  const sent = encode(body);
  const res = await postContact(sent);
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  expect(res.status, sent.slice(0, 300)).not.toBe(404);
  expectSafeAnswer(res, sent);
  if (res.status >= 300) return;
  expect(res.json, sent).toEqual({ ok: true });
  if (honeypot && email) {
    expect(await storedFor(email), "a filled honeypot stores nothing").toEqual([]);
    return;
  }
  if (!email || message === undefined) throw new Error(`A case built to fail was accepted: ${sent.slice(0, 300)}`);
  const stored = await storedFor(email);
  expect(stored, sent).toHaveLength(1);
  expect(stored[0]?.message).toBe(message.trim());
}

const validMessage = fc.record({
  name: fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }).filter((s) => s.trim().length > 0),
  message: fc.string({ unit: "grapheme", minLength: 1, maxLength: 2_000 }).filter((s) => s.trim().length > 0),
  company: fc.option(fc.string({ unit: "grapheme", maxLength: 60 }), { nil: undefined }),
  phone: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
});

const hostileMessage: fc.Arbitrary<Sent> = fc
  .record({
    fields: validMessage,
    changes: fc.oneof(
      { weight: 2, arbitrary: fc.constant([]) },
      {
        weight: 3,
        arbitrary: fc.array(fc.tuple(fc.constantFrom(...FIELDS, ...POLLUTING_KEYS, "id", "created_at"), hostileValue), {
          minLength: 1,
          maxLength: 3,
        }),
      },
    ),
    missing: fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.subarray([...FIELDS]) }),
    honeypot: fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileString }),
  })
  .map(({ fields, changes, missing, honeypot }) => {
    const email = `sender-${crypto.randomUUID()}@example.com`;
    const body: Record<string, unknown> = { ...fields, email };
    if (honeypot !== undefined) body.website = honeypot;
    for (const [key, value] of changes) setOwn(body, key, value);
    for (const key of missing) delete body[key];
    const intact = body.email === email && typeof body.message === "string";
    const trap = body.website;
    const honeypotFilled = typeof trap === "string" ? trap.trim() !== "" : trap !== undefined && trap !== null;
    return { body, email, honeypot: honeypotFilled, ...(intact ? { message: body.message as string } : {}) };
  });

describe("fuzzing POST /api/contact: never a 5xx, never a lost or invented message", () => {
  it("any JSON value at all", async () => {
    await runProperty("contact: any JSON value", fc.jsonValue({ maxDepth: 4 }), (value) => check({ body: value }));
  }, 120_000);

  it("hostile messages: wrong types, unicode, huge strings, polluting keys, missing fields, the honeypot", async () => {
    await runProperty("contact: hostile messages", hostileMessage, check, FUZZ_RUNS);
    expect(statuses[201] ?? 0, "some messages must get through, or the oracle checked nothing").toBeGreaterThan(0);
  }, 120_000);

  it("bodies that are not JSON", async () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.constantFrom("", "{", "\uFEFF{}", "null", "[]", '{"name":'),
      fc
        .integer({ min: CONTACT_MESSAGE_LIMITS.message + 1, max: 160_000 })
        .map((n) => JSON.stringify({ name: "A", email: "a@b.co", message: "m".repeat(n) })),
    );
    await runProperty("contact: non-JSON bodies", text, (body) => check({ body }));
  }, 120_000);

  it("nested 20,000 deep and __proto__ payloads answer 4xx and pollute nothing", async () => {
    await check({ body: `${"[".repeat(20_000)}${"]".repeat(20_000)}` });
    await check({ body: `{"name":${"[".repeat(5_000)}${"]".repeat(5_000)},"email":"a@b.co","message":"x"}` });
    const body: Record<string, unknown> = { email: "not an address", message: "x" };
    setOwn(body, "__proto__", { polluted: "yes" });
    await check({ body });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
