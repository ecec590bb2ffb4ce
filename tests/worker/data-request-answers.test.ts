// Answering a logged request by doing it (issue 36): the People section's export answers the
// person's open access and portability requests, and its erasure their open erasure requests, each
// in the batch that records the export or erasure; nothing else is answered, and no erasure or
// retention run ever deletes a logged request.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { DataRequestKind, DataRequestRow } from "../../src/db/data-request-tables.ts";
import type { AuditRow } from "../../src/db/schema.ts";
import { nairobiDay } from "../../src/lib/dates.ts";
import { logDataRequest } from "../../src/privacy/data-request-log.ts";
import { sweepRetention } from "../../src/privacy/retention.ts";
import { postAsOwner } from "./support/admin-forms.ts";
import { makeMessage } from "./support/factories.ts";
import { seedPerson } from "./support/person.ts";
import { workContext } from "./support/work-context.ts";

// The back office loads on its first request, and each test makes several on a shared runtime.
vi.setConfig({ testTimeout: 15_000 });

const db = env.DB;
const today = () => nairobiDay(new Date());

async function logFor(address: string, kinds: readonly DataRequestKind[]): Promise<number[]> {
  const ids: number[] = [];
  for (const kind of kinds) {
    const request = { kind, channel: "letter" as const, receivedOn: today(), address, note: null };
    ids.push((await logDataRequest(db, request, "owner@example.com")).id);
  }
  return ids;
}

async function rows(ids: readonly number[]): Promise<DataRequestRow[]> {
  const { results } = await db
    .prepare(`SELECT * FROM data_requests WHERE id IN (${ids.map(() => "?").join(", ")}) ORDER BY id`)
    .bind(...ids)
    .all<DataRequestRow>();
  return results;
}

const closings = async (ids: readonly number[]) =>
  (
    await db.prepare("SELECT * FROM admin_audit WHERE action = 'person.request_closed' ORDER BY id").all<AuditRow>()
  ).results.filter((r) => ids.some((id) => r.detail?.includes(`"request":${id}}`)));

describe("the export answers access and portability requests", () => {
  it("answers them, in the export's batch, whatever the spelling; leaves the others open", async () => {
    const p = await seedPerson();
    const ids = await logFor(`${p.local}@gmail.com`, ["access", "portability", "erasure", "rectification"]);
    const res = await postAsOwner("/admin/people/export", { email: `${p.local.toUpperCase()}+x@googlemail.com` });
    expect(res.status).toBe(200);
    const [access, portability, erasure, rectification] = await rows(ids);
    for (const answered of [access, portability]) {
      expect(answered).toMatchObject({
        state: "answered",
        answered_how: "export",
        answered_by: "admin",
        answer_note: null,
      });
    }
    expect([erasure?.state, rectification?.state]).toEqual(["open", "open"]);
    // The export's own record and the answers were written together, at one moment.
    const exported = (
      await db.prepare("SELECT * FROM admin_audit WHERE action = 'person.exported' ORDER BY id DESC").first<AuditRow>()
    )?.at;
    expect(access?.answered_at).toBe(exported);
    const closed = await closings(ids);
    expect(closed.map((r) => JSON.parse(r.detail ?? "{}").outcome)).toEqual([
      `Answered by the export: request no. ${ids[0]}`,
      `Answered by the export: request no. ${ids[1]}`,
    ]);

    const document = JSON.parse(res.body);
    expect(document.version).toBe(5);
    expect(document.data_requests.map((r: { kind: string; state: string }) => [r.kind, r.state]).sort()).toEqual([
      ["access", "answered"],
      ["erasure", "open"],
      ["portability", "answered"],
      ["rectification", "open"],
    ]);
    expect(document.data_requests.find((r: { kind: string }) => r.kind === "access")).toMatchObject({
      channel: "letter",
      received_on: today(),
      answered_how: "export",
      answered_at: document.generated_at,
    });
    expect(JSON.stringify(document.data_requests)).not.toContain("owner@example.com");

    // A second export answers nothing more.
    await postAsOwner("/admin/people/export", { email: `${p.local}@gmail.com` });
    expect(await closings(ids)).toHaveLength(2);
  });

  it("answers a request logged under a spelling the owner ticked as theirs, and none when a tick is refused", async () => {
    const u = `t${crypto.randomUUID().slice(0, 8)}`;
    const mine = `${u}@example.net`;
    const shop = `${u}+shop@example.net`;
    await makeMessage({ email: mine, message: "Mine" });
    await makeMessage({ email: shop, message: "From the shop address" });
    const [viaShop] = await logFor(shop, ["access"]);
    const refused = await postAsOwner("/admin/people/export", { email: mine, also: `someone+shop@example.net` });
    expect(refused.status).toBe(400);
    expect((await rows([viaShop ?? 0]))[0]?.state).toBe("open");
    expect((await postAsOwner("/admin/people/export", { email: mine })).status).toBe(200);
    expect((await rows([viaShop ?? 0]))[0]?.state).toBe("open");
    expect((await postAsOwner("/admin/people/export", { email: mine, also: shop })).status).toBe(200);
    expect((await rows([viaShop ?? 0]))[0]).toMatchObject({ state: "answered", answered_how: "export" });
  });
});

describe("the erasure answers erasure requests", () => {
  it("answers them and no other kind, and keeps every request, without the address", async () => {
    const p = await seedPerson();
    const ids = await logFor(`${p.local}@gmail.com`, ["erasure", "objection", "access"]);
    const res = await postAsOwner("/admin/people/erase", {
      email: `${p.local}@gmail.com`,
      confirm: `${p.local}@gmail.com`,
    });
    expect(res.status).toBe(303);
    const [erasure, objection, access] = await rows(ids);
    expect(erasure).toMatchObject({ state: "answered", answered_how: "erasure" });
    expect([objection?.state, access?.state]).toEqual(["open", "open"]);
    expect(JSON.stringify([erasure, objection, access])).not.toContain(p.local);
    expect((await closings(ids)).map((r) => JSON.parse(r.detail ?? "{}").outcome)).toEqual([
      `Answered by the erasure: request no. ${ids[0]}`,
    ]);
  });

  it("answers none while the erasure is refused, and answers it when nothing is held", async () => {
    const p = await seedPerson();
    await db
      .prepare(
        "INSERT INTO subscriptions (subscription_id, order_id, status, cancel_at_period_end, state_at) VALUES (?, ?, 'active', 0, 1)",
      )
      .bind(`sub_${p.local}`, p.order)
      .run();
    const [blocked] = await logFor(`${p.local}@gmail.com`, ["erasure"]);
    const refused = await postAsOwner("/admin/people/erase", {
      email: `${p.local}@gmail.com`,
      confirm: `${p.local}@gmail.com`,
    });
    expect(refused.status).toBe(409);
    expect((await rows([blocked ?? 0]))[0]?.state).toBe("open");

    const nobody = `nobody${crypto.randomUUID().slice(0, 8)}@example.org`;
    const [empty] = await logFor(nobody, ["erasure"]);
    expect((await postAsOwner("/admin/people/erase", { email: nobody, confirm: nobody })).status).toBe(303);
    expect((await rows([empty ?? 0]))[0]).toMatchObject({ state: "answered", answered_how: "erasure" });
  });
});

describe("the record stays", () => {
  it("a retention run eight years on deletes the audit rows, never the requests", async () => {
    const ids = await logFor(`kept${crypto.randomUUID().slice(0, 8)}@example.com`, ["objection", "access"]);
    const before = await rows(ids);
    await sweepRetention(workContext(env), new Date(Date.now() + 8 * 366 * 24 * 60 * 60 * 1000));
    expect(await rows(ids)).toEqual(before);
    const logged = await db
      .prepare("SELECT COUNT(*) AS n FROM admin_audit WHERE action = 'person.request_logged'")
      .first<{ n: number }>();
    expect(logged?.n).toBe(0);
  });
});
