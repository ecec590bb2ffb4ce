// The breach register's guards (issue 36, docs/breaches.md): the whole register exported as JSON
// and CSV (every entry, every field, no cell a spreadsheet would run), nothing that deletes an
// entry, no one but the signed-in owner from the site's own pages, and the owner's text shown as
// text.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { BreachRow } from "../../src/db/breach-tables.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { breachRequest, newBreachForm, openBreaches, postBreaches, recordThroughForm } from "./support/breaches.ts";

// The first back-office page of a file renders cold: on a busy 2-core machine that alone can near 5 s.
vi.setConfig({ testTimeout: 15_000 });
beforeEach(() => freshLimiterWindow(3_000));

const db = env.DB;

async function entry(number: string): Promise<BreachRow | null> {
  return db.prepare("SELECT * FROM breaches WHERE number = ?").bind(number).first<BreachRow>();
}

const counts = async () => ({
  breaches: (await db.prepare("SELECT COUNT(*) AS n FROM breaches").first<{ n: number }>())?.n ?? 0,
  audits:
    (await db.prepare("SELECT COUNT(*) AS n FROM admin_audit WHERE subject_kind = 'breach'").first<{ n: number }>())
      ?.n ?? 0,
});

describe("the export", () => {
  it("has every entry and every field, as JSON and as CSV with no cell a spreadsheet would run", async () => {
    const hostile = await recordThroughForm({
      what_happened: '=HYPERLINK("http://evil.example","x")',
      data_concerned: "+254 700 000 000 numbers",
      people_concerned: "-buyers",
      risk_description: "@SUM(1+1)",
    });
    const json = await breachRequest("/admin/breaches.json");
    expect(json.res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="breach-register-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const document = JSON.parse(json.body);
    const { results: rows } = await db.prepare("SELECT * FROM breaches ORDER BY year, seq").all<BreachRow>();
    expect(document.count).toBe(rows.length);
    expect(document.breaches.map((b: { number: string }) => b.number)).toEqual(rows.map((r) => r.number));
    const exported = document.breaches.find((b: { number: string }) => b.number === hostile);
    const { year, seq, ...stored } = (await entry(hostile)) as BreachRow;
    expect(exported).toEqual({
      ...stored,
      odpc_deadline: new Date(Date.parse(stored.aware_at) + 72 * 3_600_000).toISOString(),
    });

    const csv = await breachRequest("/admin/breaches.csv");
    expect(csv.res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="breach-register-.*\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]?.split(",")).toEqual(Object.keys(exported));
    expect(lines).toHaveLength(rows.length + 1);
    const line = lines.find((l) => l.startsWith(`${hostile},`)) ?? "";
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(line).toContain(",'+254 700 000 000 numbers,");
    expect(line).toContain(",'-buyers,");
    expect(line).toContain(",'@SUM(1+1),");
  });
});

describe("nothing deletes an entry", () => {
  it("has no delete route, and the database refuses a DELETE", async () => {
    const number = await recordThroughForm();
    const del = await breachRequest(`/admin/breaches/${number}`, { method: "DELETE" });
    expect([404, 405]).toContain(del.status);
    expect((await postBreaches(`/admin/breaches/${number}/delete`, {})).status).toBe(404);
    await expect(db.prepare("DELETE FROM breaches WHERE number = ?").bind(number).run()).rejects.toThrow(
      /never deleted/,
    );
    expect(await entry(number)).not.toBeNull();
  });
});

describe("who may use it", () => {
  it("refuses a post from another site and anyone not signed in, saving nothing", async () => {
    const before = await counts();
    const crossSite = await postBreaches("/admin/breaches", newBreachForm(), {
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await postBreaches("/admin/breaches", newBreachForm(), { Origin: "", "Sec-Fetch-Site": "" });
    expect(noOrigin.status).toBe(403);
    const anonymous = await postBreaches("/admin/breaches", newBreachForm(), { Authorization: "" });
    expect(anonymous.status).toBe(401);
    const wrong = await postBreaches("/admin/breaches", newBreachForm(), {
      Authorization: `Basic ${btoa("admin:guess")}`,
    });
    expect(wrong.status).toBe(401);
    expect(await counts()).toEqual(before);
    for (const path of [
      "/admin/breaches",
      "/admin/breaches.json",
      "/admin/breaches.csv",
      "/admin/breaches/BR-2026-1",
    ]) {
      const answer = await breachRequest(path, { headers: { Authorization: "" } });
      expect(answer.status, path).toBe(401);
      expect(answer.body).not.toContain("BR-");
    }
  });

  it("refuses a body larger than any form makes (413) before reading it", async () => {
    const before = await counts();
    const huge = await postBreaches("/admin/breaches", newBreachForm({ what_happened: "x".repeat(200_000) }));
    expect(huge.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for an entry that is not there or a number that cannot be one", async () => {
    expect((await openBreaches("/admin/breaches/BR-1999-999999")).status).toBe(404);
    expect((await openBreaches("/admin/breaches/%3Cscript%3E")).status).toBe(404);
    expect((await postBreaches("/admin/breaches/BR-2026-99999", { version: "1" })).status).toBe(404);
  });
});

describe("the owner's text is shown as text", () => {
  it("escapes HTML in every field of the page and the register", async () => {
    const html = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const number = await recordThroughForm({ what_happened: html, people_concerned: html, actions_taken: html });
    for (const path of [`/admin/breaches/${number}`, "/admin/breaches"]) {
      const page = await openBreaches(path);
      expect(page.body).not.toContain("<script>alert");
      expect(page.body).not.toContain("<img src=x");
      expect(page.document.querySelectorAll("img")).toHaveLength(0);
      expect(page.text).toContain('<script>alert("x")</script>');
    }
  });
});
