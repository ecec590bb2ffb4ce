// The business's ODPC registration number is an owner setting (issue 36): set in the back office's
// Settings, audited, named by the privacy policy once set and left out (never a placeholder) while
// not. The privacy and cookie policies say exactly what the website counts.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { placeholdersIn } from "../../scripts/smoke/html.ts";
import worker from "../../src/index.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { envWith } from "./support/env.ts";
import { get } from "./support/html.ts";

const FORM_PATH = "/admin/settings/odpc";
const SENTENCE = "Our ODPC registration number is";

beforeEach(async () => {
  await freshLimiterWindow(3_000);
  await env.DB.batch([
    env.DB.prepare("DELETE FROM settings WHERE key = 'odpc_registration'"),
    env.DB.prepare("DELETE FROM admin_audit WHERE action = 'setting.odpc_registration'"),
  ]);
});

const stored = async () =>
  (await env.DB.prepare("SELECT value FROM settings WHERE key = 'odpc_registration'").first<{ value: string }>())
    ?.value ?? null;

const audit = async () =>
  (
    await env.DB.prepare(
      "SELECT actor, action, subject_kind, subject_id, detail FROM admin_audit WHERE action = 'setting.odpc_registration' ORDER BY id",
    ).all<{ actor: string; action: string; subject_kind: string; subject_id: string; detail: string | null }>()
  ).results;

const save = (registration: string, headers: Record<string, string> = {}) =>
  postAsOwner(FORM_PATH, { registration }, headers);

/** The privacy policy's sentence naming the number, as a visitor reads it ("" when there is none). */
async function privacySentence(): Promise<string> {
  const page = await get("/privacy");
  expect(page.status).toBe(200);
  expect(placeholdersIn(page.html)).toEqual([]);
  // The sentence ends its paragraph, read as the browser shows it (textOf spaces out the <strong>).
  const text = page.queryAll("p").map((p) => (p.textContent ?? "").replace(/\s+/g, " ").trim());
  const paragraph = text.find((p) => p.includes(SENTENCE));
  if (paragraph) expect(paragraph).toContain(`as a data controller and data processor. ${SENTENCE}`);
  return paragraph ? paragraph.slice(paragraph.indexOf(SENTENCE)) : "";
}

describe("the privacy policy's ODPC registration number", () => {
  it("while unset: the policy says we are registered and names no number, nor any placeholder", async () => {
    const page = await get("/privacy");
    expect(page.text).toContain("registered with the Office of the Data Protection Commissioner (ODPC)");
    expect(page.text).not.toContain(SENTENCE);
    expect(page.text).not.toMatch(/registration number is|\[[^\]]*(number|ODPC)[^\]]*\]/i);
    expect(placeholdersIn(page.html)).toEqual([]);
  });

  it("once saved, names it right after that statement; a change shows on the kept page at once", async () => {
    const saved = await save("  ODPC/DC/2024/0123 ");
    expect(saved.status).toBe(303);
    expect(saved.res.headers.get("Location")).toBe("/admin/settings?odpc=saved#odpc-registration");
    expect(await stored()).toBe("ODPC/DC/2024/0123");
    expect(await privacySentence()).toBe(`${SENTENCE} ODPC/DC/2024/0123.`);
    const first = await exports.default.fetch("http://example.com/privacy");
    const etag = first.headers.get("ETag");
    await first.body?.cancel();

    expect((await save("DCP-4567.2025")).status).toBe(303);
    expect(await privacySentence()).toBe(`${SENTENCE} DCP-4567.2025.`);
    // The copy kept in memory and a browser's cached copy are both of the old page: neither is served.
    const revalidated = await exports.default.fetch("http://example.com/privacy", {
      headers: { "If-None-Match": etag ?? "" },
    });
    expect(revalidated.status).toBe(200);
    expect(await revalidated.text()).not.toContain("ODPC/DC/2024/0123");

    const cleared = await save("   ");
    expect(cleared.res.headers.get("Location")).toBe("/admin/settings?odpc=cleared#odpc-registration");
    expect(await stored()).toBeNull();
    expect(await privacySentence()).toBe("");
  });

  it("writes an audit row with each change, the value saved or null when cleared", async () => {
    await save("ODPC/DC/2024/0123");
    await save("");
    expect(await audit()).toEqual([
      {
        actor: "admin",
        action: "setting.odpc_registration",
        subject_kind: "setting",
        subject_id: "odpc_registration",
        detail: "ODPC/DC/2024/0123",
      },
      {
        actor: "admin",
        action: "setting.odpc_registration",
        subject_kind: "setting",
        subject_id: "odpc_registration",
        detail: null,
      },
    ]);
  });

  it("shows a stored value only if it is a well-formed number: a placeholder written another way stays out", async () => {
    await env.DB.prepare(
      "INSERT INTO settings (key, value, updated_by) VALUES ('odpc_registration', '[ODPC number]', 'sql')",
    ).run();
    expect(await privacySentence()).toBe("");
  });

  it("two saves at once: one number wins whole, the page names it, and both are audited", async () => {
    const [a, b] = await Promise.all([save("ODPC/111/2024"), save("ODPC/222/2024")]);
    expect([a.status, b.status]).toEqual([303, 303]);
    const winner = await stored();
    expect(["ODPC/111/2024", "ODPC/222/2024"]).toContain(winner);
    expect(await privacySentence()).toBe(`${SENTENCE} ${winner}.`);
    expect((await audit()).map((row) => row.detail).sort()).toEqual(["ODPC/111/2024", "ODPC/222/2024"]);
  });
});

describe("Settings: the ODPC registration form", () => {
  it("shows a labelled field, the number in force and who set it, and says when it was saved", async () => {
    const empty = await openAsOwner("/admin/settings");
    expect(empty.status).toBe(200);
    const input = empty.document.querySelector('input[name="registration"]');
    expect(input?.getAttribute("id")).toBe("odpc-registration-number");
    expect(empty.document.querySelector('label[for="odpc-registration-number"]')?.textContent).toBe(
      "ODPC registration number",
    );
    expect(empty.document.querySelector("#odpc-registration form")?.getAttribute("action")).toBe(FORM_PATH);
    expect(empty.text).toContain("No number: the privacy policy names none.");

    await save("ODPC/DC/2024/0123");
    const page = await openAsOwner("/admin/settings?odpc=saved");
    expect(page.document.querySelector("[data-odpc-current]")?.getAttribute("data-odpc-current")).toBe(
      "ODPC/DC/2024/0123",
    );
    expect(page.document.querySelector('input[name="registration"]')?.getAttribute("value")).toBe("ODPC/DC/2024/0123");
    expect(page.document.querySelector('[data-notice="odpc-saved"]')?.textContent).toContain("saved");
  });

  it.each([
    ["brackets", "[ODPC number]", /Not allowed here: "\[", "\]"/],
    ["too long", `ODPC/${"1".repeat(60)}`, /Use 3 to 60 characters; this has 65/],
    ["too short", "1A", /Use 3 to 60 characters; this has 2/],
    ["a line break", "ODPC/123\n456", /line break, tab or other invisible control character/],
    ["a direction override", "ODPC\u202E321", /invisible control character/],
    ["HTML", '<img src=x onerror="alert(1)">123', /Not allowed here: "<", "=", """, "\(", "\)"\./],
    ["no digit", "TBD", /at least one digit/],
    ["a trailing separator", "ODPC/123/", /Start and end the number with a letter or digit/],
  ])("refuses %s (400), lists why, shows what was typed safely, and saves nothing", async (_label, typed, why) => {
    await save("ODPC/DC/2024/0123");
    const refused = await save(typed);
    expect(refused.status).toBe(400);
    const errors = refused.document.querySelector("#odpc-registration-errors");
    expect(errors?.getAttribute("role")).toBe("alert");
    expect(errors?.textContent).toMatch(why);
    expect(refused.document.querySelector('input[name="registration"]')?.getAttribute("aria-invalid")).toBe("true");
    expect(refused.body).not.toContain("<img src=x");
    expect(await stored()).toBe("ODPC/DC/2024/0123");
    expect(await audit()).toHaveLength(1);
    expect(await privacySentence()).toBe(`${SENTENCE} ODPC/DC/2024/0123.`);
  });

  it("refuses a post from another site (403), a visitor who is not the owner (401) and a huge body (413)", async () => {
    const crossSite = await save("ODPC/999", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const curl = await save("ODPC/999", { Origin: "", "Sec-Fetch-Site": "" });
    expect(curl.status).toBe(403);
    const anonymous = await save("ODPC/999", { Authorization: "" });
    expect(anonymous.status).toBe(401);
    const wrong = await save("ODPC/999", { Authorization: `Basic ${btoa("admin:not-the-password")}` });
    expect(wrong.status).toBe(401);
    const huge = await save(`ODPC/${"9".repeat(20_000)}`);
    expect(huge.status).toBe(413);
    expect(await stored()).toBeNull();
    expect(await audit()).toEqual([]);
  });
});

describe("what the policies say the website counts", () => {
  it("the cookie policy: no cookie, nothing stored but the cart, and the counting rules", async () => {
    const res = await exports.default.fetch("http://example.com/cookie");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    await res.body?.cancel();
    const { text } = await get("/cookie");
    for (const fact of [
      "sets no cookies of its own",
      "The only thing it stores is your cart",
      "no cookie, no localStorage item and no identifier of any kind",
      "page views, carts started, quotes saved, checkouts started and payments",
      "the referring website's host name only",
      "phone, tablet or computer",
      "M-Pesa's result code",
      "one-way hash of a random daily salt",
      "for IPv6, its /64 network",
      "The salt is deleted as soon as the next day's counting begins",
      "Automated visitors (bots) are marked and left out of the figures",
      "Cloudflare Workers Analytics Engine",
      "for 3 months, then deleted",
      "needs no consent banner",
      "legitimate interest",
    ]) {
      expect(text, fact).toContain(fact);
    }
    expect(text).not.toContain("uses no tracking, analytics or advertising technology");
  });

  it("the privacy policy: the counting, its lawful basis, the transfers abroad and the 7-day answer", async () => {
    const res = await exports.default.fetch("http://example.com/privacy");
    expect(res.headers.get("Set-Cookie")).toBeNull();
    await res.body?.cancel();
    const { text } = await get("/privacy");
    for (const fact of [
      "without cookies and without storing anything on your device",
      "a random salt made each day",
      "only its /64 network",
      "The salt is deleted as soon as the next day's counting begins",
      "left out of the figures",
      "kept by Cloudflare Workers Analytics Engine for 3 months, then deleted",
      "We use no third-party tracker and no advertising",
      "our legitimate interests, with data minimisation",
      "You may object to the counting of visits at any time",
      "we cannot find your visits among the counts",
      "Global Privacy Control or Do Not Track",
      "sections 48 to 50 of the Act",
      "Cloudflare's Data Processing Addendum",
      "Stripe's Data Processing Agreement",
      "Our e-mail provider, Cloudflare Email Service",
      "standard contractual clauses",
      "Safaricom",
      "eTIMS: both are in Kenya",
      "within 7 days of receiving it",
      "data portability within 30 days",
      "within 48 hours",
      "72 hours",
    ]) {
      expect(text, fact).toContain(fact);
    }
    expect(text).not.toContain("uses no tracking or advertising cookies");
  });
});

describe("when D1 cannot give the owner's settings", () => {
  it("the privacy policy and the contact page still answer, without the number or the WhatsApp link", async () => {
    const broken = {
      prepare() {
        throw new Error("D1 is unavailable");
      },
      batch() {
        throw new Error("D1 is unavailable");
      },
    };
    for (const path of ["/privacy", "/contact"]) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`http://example.com${path}`), envWith({ DB: broken }), ctx);
      const html = await res.text();
      await waitOnExecutionContext(ctx);
      expect(res.status, path).toBe(200);
      expect(html).not.toContain(SENTENCE);
      expect(html).not.toContain("wa.me/");
    }
  });
});
