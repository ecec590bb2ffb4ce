// The back office's Settings (/admin/settings): the KES-per-USD rate M-Pesa payments are charged
// at, set by the owner in a same-origin form, written with its audit row in one batch, shown with its
// date, who set it and its history.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentKesRate, setKesRate } from "../../src/payments/kes-rate.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { queryAll, textOf } from "./support/html.ts";
import { SITE } from "./support/orders.ts";
import { testClientIp } from "./support/payment.ts";

const db = env.DB;
const open = (path = "/admin/settings") => openAsOwner(path);

/** The rate form's post as the back office's page sends it; `headers` given empty are removed. */
const postRate = (rate: string, headers: Record<string, string> = {}) =>
  postAsOwner("/admin/settings", { rate }, headers);

/** The rate form's post with more fields, as the confirmation's form sends them. */
const postForm = (form: Record<string, string>) => postAsOwner("/admin/settings", form);

const settingRow = () =>
  db.prepare("SELECT * FROM settings WHERE key = 'kes_rate'").first<{ value: string; updated_by: string }>();
const rateAudit = async () =>
  (
    await db
      .prepare("SELECT * FROM admin_audit WHERE subject_kind = 'setting' ORDER BY id")
      .all<{ action: string; actor: string; subject_id: string; detail: string; at: string }>()
  ).results;

describe("/admin/settings", () => {
  it("shows the default rate from KES_PER_USD until the owner sets one, in the back office's navigation", async () => {
    const { status, res, document, text } = await open();
    expect(status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(textOf(document.querySelector("h1"))).toBe("Settings");
    const nav = document.querySelector('nav[aria-label="Back office sections"]');
    expect(queryAll(nav as Element, '[aria-current="page"]').map((a) => a.getAttribute("href"))).toEqual([
      "/admin/settings",
    ]);
    // wrangler.toml's KES_PER_USD.
    expect(textOf(document.querySelector("[data-current-rate]"))).toContain("KES 129.00 per US dollar");
    expect(document.querySelector("[data-rate-source]")?.getAttribute("data-rate-source")).toBe("default");
    expect(text).toContain("Default from KES_PER_USD");
    expect(text).toContain("No change recorded yet.");
    const input = document.querySelector("form[action='/admin/settings'] input[name='rate']");
    expect(input?.getAttribute("id")).toBe("kes-rate");
    expect(textOf(document.querySelector("label[for='kes-rate']"))).toBe("New rate (KES per US dollar)");
  });

  it("sets a rate: saved with who set it, audited in the same batch, 303 back with a notice, in the history", async () => {
    const saved = await postRate(" 131.5 ");
    expect(saved.status).toBe(303);
    expect(saved.res.headers.get("Location")).toBe("/admin/settings?saved=1");
    expect(await settingRow()).toMatchObject({ value: "131.5", updated_by: "admin" });
    expect((await currentKesRate(env))?.rateX100).toBe(13150);
    const audit = await rateAudit();
    expect(audit.map((a) => [a.action, a.actor, a.subject_id, a.detail])).toEqual([
      ["setting.kes_rate", "admin", "kes_rate", "131.5"],
    ]);

    const { document, text } = await open("/admin/settings?saved=1");
    expect(textOf(document.querySelector("[role=status]"))).toBe("Rate saved: KES 131.50 per US dollar.");
    expect(textOf(document.querySelector("[data-current-rate]"))).toContain("KES 131.50 per US dollar");
    expect(document.querySelector("[data-rate-source]")?.getAttribute("data-rate-source")).toBe("owner");
    expect(textOf(document.querySelector("[data-rate-source]"))).toMatch(
      /^Set \d{1,2} \w{3} \d{4}, \d{2}:\d{2} by admin$/,
    );
    expect(text).not.toContain("Default from KES_PER_USD");

    await postRate("128");
    const later = await open();
    expect(
      queryAll(later.document, "tbody tr[data-audit-action]").map((tr) => textOf(tr.querySelector("[data-rate]"))),
    ).toEqual(["KES 128.00 per US dollar", "KES 131.50 per US dollar"]);
    // Without ?saved=1 no notice.
    expect(later.document.querySelector("[role=status]")).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["three decimals", "129.505"],
    ["a comma decimal", "129,50"],
    ["below the band (a typo for 129)", "1.29"],
    ["above the band (cents typed as units)", "12950"],
    ["negative", "-129"],
    ["words", "about 130"],
    ["markup", "<b>130</b>"],
  ])("refuses a rate that is %s (400), saves nothing, and says why", async (_name, typed) => {
    const before = await settingRow();
    const auditBefore = (await rateAudit()).length;
    const { status, document, body } = await postRate(typed);
    expect(status).toBe(400);
    const alert = document.querySelector("[role=alert]");
    expect(textOf(alert)).toContain("between 10.00 and 1000.00");
    expect(textOf(alert)).toContain("Nothing was saved.");
    const input = document.querySelector("input[name='rate']");
    expect(input?.getAttribute("aria-invalid")).toBe("true");
    expect(input?.getAttribute("value") ?? "").toBe(typed);
    expect(body).not.toContain("<b>130</b>");
    expect(await settingRow()).toEqual(before);
    expect(await rateAudit()).toHaveLength(auditBefore);
  });

  it("writes neither the rate nor its audit row when the audit row fails (one batch)", async () => {
    const before = await settingRow();
    await db
      .prepare(
        "CREATE TRIGGER fail_setting_audit BEFORE INSERT ON admin_audit WHEN NEW.subject_kind = 'setting' BEGIN SELECT RAISE(ABORT, 'refused'); END",
      )
      .run();
    try {
      const res = await postRate("140");
      expect(res.status).toBe(500);
    } finally {
      await db.prepare("DROP TRIGGER fail_setting_audit").run();
    }
    expect(await settingRow()).toEqual(before);
  });

  it.each([
    ["another site's Origin", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
    ["another site's Origin alone (an older browser)", { Origin: "https://evil.example", "Sec-Fetch-Site": "" }],
    ["neither header (curl)", { Origin: "", "Sec-Fetch-Site": "" }],
  ])("refuses (403) a post with %s and changes nothing", async (_label, headers) => {
    const before = await settingRow();
    const { status } = await postRate("150", headers);
    expect(status).toBe(403);
    expect(await settingRow()).toEqual(before);
  });

  it("asks for credentials (401) without them, on the page and the form, and changes nothing", async () => {
    const before = await settingRow();
    const { res, status } = await postRate("150", { Authorization: "" });
    expect(status).toBe(401);
    expect(res.headers.get("WWW-Authenticate")).toMatch(/^Basic /);
    expect(await settingRow()).toEqual(before);
    const page = await exports.default.fetch(
      new Request(`${SITE}/admin/settings`, { headers: { "CF-Connecting-IP": testClientIp() } }),
    );
    expect(page.status).toBe(401);
    expect(await page.text()).not.toContain("KES exchange rate");
  });
});

describe("/admin/settings: a change of more than 20% is confirmed before it is saved", () => {
  /** The rate in force before each case: the KES_PER_USD default's 129.00, set by the owner. */
  const startAt129 = () => setKesRate(env, 12_900, "admin");
  const rateNow = async () => (await currentKesRate(env))?.rateX100;

  /** The hidden fields of the page's confirmation form, as a browser would post them. */
  const confirmationForm = (document: Document): Record<string, string> =>
    Object.fromEntries(
      queryAll(document, "[data-confirm-rate] form input[type=hidden]").map((input) => [
        input.getAttribute("name") ?? "",
        input.getAttribute("value") ?? "",
      ]),
    );

  it("asks before saving 12.95 after 129.00 (a slipped decimal point), and saves it once confirmed", async () => {
    await startAt129();
    const auditBefore = (await rateAudit()).length;

    const asked = await postRate("12.95");
    expect(asked.status).toBe(200);
    expect(await rateNow()).toBe(12_900);
    expect(await rateAudit()).toHaveLength(auditBefore);
    const { document } = asked;
    expect(textOf(document.querySelector("title"))).toMatch(/^Confirm the new rate/);
    const panel = document.querySelector("[data-confirm-rate]");
    expect(textOf(panel?.querySelector("h3"))).toBe("Confirm a large change");
    expect(textOf(panel?.querySelector("[role=alert]"))).toBe(
      "Not saved yet: this changes the rate by more than 20%. Check it before you save it.",
    );
    expect(queryAll(panel as Element, "dt, dd").map(textOf)).toEqual([
      "Current rate",
      "KES 129.00 per US dollar",
      "New rate",
      "KES 12.95 per US dollar",
      "Change",
      "90.0% lower",
    ]);
    const form = panel?.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/admin/settings");
    expect(textOf(form?.querySelector("button[type=submit]"))).toBe("Yes, save KES 12.95 per US dollar");
    const keep = form?.querySelector("a");
    expect(textOf(keep)).toBe("No, keep KES 129.00");
    expect(keep?.getAttribute("href")).toBe("/admin/settings");
    // The page still holds the ordinary form, to type the rate again.
    expect(document.querySelector("form input#kes-rate[name='rate']")).not.toBeNull();

    const confirmed = await postForm(confirmationForm(document));
    expect(confirmed.status).toBe(303);
    expect(confirmed.res.headers.get("Location")).toBe("/admin/settings?saved=1");
    expect(await rateNow()).toBe(1_295);
    const audit = await rateAudit();
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toMatchObject({ action: "setting.kes_rate", actor: "admin", detail: "12.95" });
  });

  it("saves 150.00 after 129.00 (16% higher) at once, as any change within 20%", async () => {
    await startAt129();
    const saved = await postRate("150.00");
    expect(saved.status).toBe(303);
    expect(await rateNow()).toBe(15_000);
  });

  it("counts more than 20% exactly: 154.80 (20.0% higher) saves at once, 185.77 after it (20.01%) asks", async () => {
    await startAt129();
    expect((await postRate("154.80")).status).toBe(303);
    expect(await rateNow()).toBe(15_480);
    const asked = await postRate("185.77");
    expect(asked.status).toBe(200);
    expect(textOf(asked.document.querySelector("[data-rate-change]"))).toBe("20.0% higher");
    expect(await rateNow()).toBe(15_480);
  });

  it.each([
    [
      "another value (a confirmation of 12.95 posted with 1.295)",
      { rate: "1.295", confirm: "12.95", from: "129.00" },
      null,
    ],
    ["another value within the band", { rate: "10.00", confirm: "12.95", from: "129.00" }, "10.00"],
    ["a different confirmed value", { rate: "12.95", confirm: "12.90", from: "129.00" }, "12.95"],
    ["a change from a rate no longer in force", { rate: "12.95", confirm: "12.95", from: "131.00" }, "12.95"],
    ["nothing (empty fields)", { rate: "12.95", confirm: "", from: "" }, "12.95"],
  ])("saves nothing when the confirmation is for %s", async (_name, form, askedAbout) => {
    await startAt129();
    const auditBefore = (await rateAudit()).length;
    const { status, document } = await postForm(form);
    expect(await rateNow()).toBe(12_900);
    expect(await rateAudit()).toHaveLength(auditBefore);
    if (askedAbout === null) {
      // Not a rate at all: refused as any typo is.
      expect(status).toBe(400);
      return;
    }
    // A rate is asked about again, and the new confirmation is for what was actually posted.
    expect(status).toBe(200);
    expect(confirmationForm(document)).toEqual({ rate: askedAbout, confirm: askedAbout, from: "129.00" });
  });
});
