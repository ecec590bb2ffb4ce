// The eTIMS stand-in answers as KRA's OSCU does (HTTP 200, a result code, data or null), refuses
// each broken rule of a sale naming the field, keeps an accepted invoice number's receipt for an
// identical resend, and fails on demand the ways a real connection to KRA can.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SAMPLE_ITEM_CODES, sampleItem, sampleSale } from "../../scripts/etims-standin/sample.ts";
import { type EtimsStandin, startEtimsStandin } from "../../scripts/etims-standin/server.ts";
import {
  TEST_ETIMS_BRANCH_ID,
  TEST_ETIMS_CMC_KEY,
  TEST_ETIMS_DEVICE_SERIAL,
  TEST_ETIMS_TIN,
} from "../support/etims-standin-ports.ts";

type Json = Record<string, unknown>;

const HEADERS = { tin: TEST_ETIMS_TIN, bhfId: TEST_ETIMS_BRANCH_ID, cmcKey: TEST_ETIMS_CMC_KEY };

let standin: EtimsStandin;

beforeEach(async () => {
  standin = await startEtimsStandin({
    port: 0,
    tin: TEST_ETIMS_TIN,
    branchId: TEST_ETIMS_BRANCH_ID,
    deviceSerial: TEST_ETIMS_DEVICE_SERIAL,
    cmcKey: TEST_ETIMS_CMC_KEY,
    holdMs: 200,
  });
});

afterEach(async () => {
  await standin.close();
});

async function post(path: string, body: unknown, headers: Record<string, string> = HEADERS) {
  const res = await fetch(`${standin.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  // The stand-in's JSON is always an object; "fail" answers plain text.
  return { status: res.status, body: (text.startsWith("{") ? JSON.parse(text) : null) as Json };
}

const registerItems = async () => {
  for (const code of SAMPLE_ITEM_CODES) expect((await post("/saveItem", sampleItem(code))).body.resultCd).toBe("000");
};

describe("device initialisation", () => {
  it("hands the known device its cmcKey in KRA's shape", async () => {
    const res = await post(
      "/selectInitOsdcInfo",
      { tin: TEST_ETIMS_TIN, bhfId: TEST_ETIMS_BRANCH_ID, dvcSrlNo: TEST_ETIMS_DEVICE_SERIAL },
      {},
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resultCd: "000", resultMsg: "It is succeeded" });
    expect(res.body.resultDt).toMatch(/^\d{14}$/);
    const info = (res.body.data as { info: Json }).info;
    expect(info).toMatchObject({ tin: TEST_ETIMS_TIN, bhfId: "00", hqYn: "Y", cmcKey: TEST_ETIMS_CMC_KEY });
    const named = ["taxprNm", "bsnsActv", "bhfNm", "bhfOpenDt", "prvncNm", "dstrtNm", "sctrNm", "locDesc"];
    for (const key of [...named, "mgrNm", "mgrTelNo", "mgrEmail", "dvcId", "sdcId", "mrcNo"]) {
      expect(info[key]).toEqual(expect.any(String));
    }
  });

  it("refuses another device with HTTP 200, a 901 and no data", async () => {
    const res = await post("/selectInitOsdcInfo", { tin: TEST_ETIMS_TIN, bhfId: "00", dvcSrlNo: "OTHER" }, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resultCd: "901", data: null });
    expect(res.body.resultMsg).toMatch(/not valid device/);
  });
});

describe("items", () => {
  it("registers an item, and a second save of its itemCd updates it", async () => {
    expect((await post("/saveItem", sampleItem(SAMPLE_ITEM_CODES[0]!))).body).toMatchObject({
      resultCd: "000",
      data: null,
    });
    await post("/saveItem", sampleItem(SAMPLE_ITEM_CODES[0]!, { itemNm: "IT consulting, half day" }));
    expect(standin.items()).toMatchObject([
      { itemCd: SAMPLE_ITEM_CODES[0], itemNm: "IT consulting, half day", saves: 2 },
    ]);
  });

  it("refuses a malformed item naming the field", async () => {
    const res = await post("/saveItem", sampleItem(SAMPLE_ITEM_CODES[0]!, { itemClsCd: "81111500" }));
    expect(res.body.resultCd).toBe("910");
    expect(res.body.resultMsg).toMatch(/^itemClsCd: /);
    expect(standin.items()).toEqual([]);
  });
});

describe("sales", () => {
  beforeEach(registerItems);

  it("accepts a correct two-line type B sale with KRA's answer", async () => {
    const res = await post("/saveTrnsSalesOsdc", sampleSale());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resultCd: "000", resultMsg: "It is succeeded" });
    expect(res.body.resultDt).toMatch(/^\d{14}$/);
    expect(res.body.data).toEqual({
      curRcptNo: 1,
      totRcptNo: 1,
      intrlData: expect.stringMatching(/^[A-Z2-7]{26}$/),
      rcptSign: expect.stringMatching(/^[A-Z2-7]{16}$/),
      sdcDateTime: expect.stringMatching(/^\d{14}$/),
    });
    expect(standin.sales()).toMatchObject([{ invcNo: 1, rcptTyCd: "S", tin: TEST_ETIMS_TIN, bhfId: "00" }]);
  });

  type Sale = ReturnType<typeof sampleSale>;
  const field = (edit: Json) => (s: Sale) => Object.assign(s, edit);
  const line = (i: number, edit: Json) => (s: Sale) => Object.assign(s.itemList[i]!, edit);
  const broken: [string, (s: Sale) => void, RegExp][] = [
    ["taxblAmt + taxAmt ≠ totAmt", line(0, { taxAmt: 137.94 }), /^itemList\[0\]\.taxblAmt: /],
    ["taxAmt two cents off 16%", line(0, { taxblAmt: 862.05, taxAmt: 137.95 }), /^itemList\[0\]\.taxAmt: .*16%/],
    ["totals not adding up", field({ totAmt: 194500.01 }), /^totAmt: /],
    ["totTaxblAmt not adding up", field({ totTaxblAmt: 167672.4 }), /^totTaxblAmt: /],
    ["taxblAmtB wrong", field({ taxblAmtB: 167672.4 }), /^taxblAmtB: /],
    ["taxAmtB missing", field({ taxAmtB: undefined }), /^taxAmtB: is required/],
    ["splyAmt ≠ prc × qty", line(1, { prc: 96000 }), /^itemList\[1\]\.splyAmt: /],
    ["totAmt ≠ splyAmt − dcAmt", line(1, { dcAmt: 10 }), /^itemList\[1\]\.totAmt: /],
    ["an unregistered itemCd", line(1, { itemCd: "KE3NTU0000099" }), /^itemList\[1\]\.itemCd: /],
    ["a lower-case custTin", field({ custTin: "a012345678z" }), /^custTin: /],
    ["salesDt not cfmDt's date", field({ salesDt: "20261127" }), /^salesDt: /],
    ["an impossible cfmDt", field({ cfmDt: "20260231101500" }), /^cfmDt: /],
    ["three decimals", line(0, { taxAmt: 137.931 }), /^itemList\[0\]\.taxAmt: .*2 decimals/],
    ["an amount as a string", field({ totAmt: "194500" }), /^totAmt: must be a JSON number/],
    ["VAT on a type D line", line(0, { taxTyCd: "D" }), /^itemList\[0\]\.taxAmt: must be 0/],
    ["taxRtB not 16", field({ taxRtB: 14 }), /^taxRtB: /],
    ["totItemCnt wrong", field({ totItemCnt: 3 }), /^totItemCnt: /],
    ["itemSeq out of order", line(1, { itemSeq: 3 }), /^itemList\[1\]\.itemSeq: /],
    ["a sale with an orgInvcNo", field({ orgInvcNo: 7 }), /^orgInvcNo: /],
    ["a payment type not KRA's", field({ pmtTyCd: "08" }), /^pmtTyCd: /],
    ["no receipt", field({ receipt: undefined }), /^receipt: /],
    ["invcNo 0", field({ invcNo: 0 }), /^invcNo: /],
  ];

  it.each(broken)("refuses %s naming the field, recording nothing", async (_name, edit, message) => {
    const body = sampleSale();
    edit(body);
    const res = await post("/saveTrnsSalesOsdc", body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ resultCd: "910", data: null });
    expect(res.body.resultMsg).toMatch(message);
    expect(standin.sales()).toEqual([]);
  });

  it("answers an identical resend with the same receipt, and refuses the number with other content", async () => {
    const first = await post("/saveTrnsSalesOsdc", sampleSale());
    const again = await post("/saveTrnsSalesOsdc", JSON.parse(JSON.stringify(sampleSale())));
    expect(again.body.resultCd).toBe("000");
    expect(again.body.data).toEqual(first.body.data);
    const other = { ...sampleSale(), trdInvcNo: "INV-2026-00099" };
    const clash = await post("/saveTrnsSalesOsdc", other);
    expect(clash.body).toMatchObject({ resultCd: "994", data: null });
    expect(clash.body.resultMsg).toMatch(/invoice number already used/);
    expect(standin.sequence()).toEqual({ numbers: [1], gapless: true, duplicates: [1], resent: [1], outOfOrder: [] });
  });

  it("takes tin and bhfId from the headers, ignoring any in the body, and null or empty as not given", async () => {
    const body = { ...sampleSale(), tin: "X000000000X", bhfId: "99", custTin: null, custNm: "" };
    const res = await post("/saveTrnsSalesOsdc", body);
    expect(res.body.resultCd).toBe("000");
    expect(standin.sales()).toMatchObject([{ tin: TEST_ETIMS_TIN, bhfId: "00" }]);
  });

  it("refuses a wrong cmcKey, another branch and missing headers", async () => {
    const wrongKey = await post("/saveTrnsSalesOsdc", sampleSale(), { ...HEADERS, cmcKey: "not-the-key" });
    expect(wrongKey.body).toMatchObject({ resultCd: "901", data: null });
    const otherBranch = await post("/saveTrnsSalesOsdc", sampleSale(), { ...HEADERS, bhfId: "01" });
    expect(otherBranch.body.resultCd).toBe("901");
    const bare = await post("/saveTrnsSalesOsdc", sampleSale(), { tin: TEST_ETIMS_TIN });
    expect(bare.body).toMatchObject({ resultCd: "900", resultMsg: expect.stringMatching(/bhfId, cmcKey/) });
    expect(standin.sales()).toEqual([]);
  });

  it("accepts a credit note against an accepted sale, counting receipts by type", async () => {
    await post("/saveTrnsSalesOsdc", sampleSale(1));
    const note = { ...sampleSale(2), orgInvcNo: 1, rcptTyCd: "R", rfdRsnCd: "06", rfdDt: "20261129090000" };
    const unknown = await post("/saveTrnsSalesOsdc", { ...note, orgInvcNo: 5 });
    expect(unknown.body.resultMsg).toMatch(/^orgInvcNo: /);
    const res = await post("/saveTrnsSalesOsdc", note);
    expect(res.body.data).toMatchObject({ curRcptNo: 1, totRcptNo: 2 });
    expect((await post("/saveTrnsSalesOsdc", sampleSale(3))).body.data).toMatchObject({ curRcptNo: 2, totRcptNo: 3 });
  });

  it("reports gaps and numbers out of order without refusing them", async () => {
    await post("/saveTrnsSalesOsdc", sampleSale(1));
    expect((await post("/saveTrnsSalesOsdc", sampleSale(3))).body.resultCd).toBe("000");
    expect(standin.sequence()).toMatchObject({ numbers: [1, 3], gapless: false, outOfOrder: [3] });
    await post("/saveTrnsSalesOsdc", sampleSale(2));
    const res = await fetch(`${standin.url}/__control/sequence`);
    expect(await res.json()).toEqual({
      numbers: [1, 2, 3],
      gapless: true,
      duplicates: [],
      resent: [],
      outOfOrder: [3, 2],
    });
  });
});

describe("bodies and paths", () => {
  it("refuses a body that is not JSON or too large with a 910, and answers 404 JSON to an unknown path", async () => {
    expect((await post("/saveTrnsSalesOsdc", "{not json")).body).toMatchObject({ resultCd: "910", data: null });
    const large = await post("/saveItem", sampleItem("X", { itemStdNm: "x".repeat(300 * 1024) }));
    expect(large.body.resultMsg).toMatch(/larger than/);
    const unknown = await post("/saveTrnsSales", sampleSale());
    expect(unknown.status).toBe(404);
    expect(unknown.body.resultCd).toBe("999");
  });
});

describe("the API gateway's token", () => {
  it("issues a bearer token for Basic credentials with both parts, and none without", async () => {
    const url = (auth?: string) =>
      fetch(`${standin.url}/v1/token/generate?grant_type=client_credentials`, {
        headers: auth ? { Authorization: `Basic ${Buffer.from(auth).toString("base64")}` } : {},
      });
    const ok = await url("consumer-key:consumer-secret");
    expect(await ok.json()).toEqual({ access_token: expect.any(String), expires_in: "3599" });
    expect((await url("consumer-key:")).status).toBe(401);
    expect((await url()).status).toBe(401);
  });
});

describe("modes", () => {
  beforeEach(registerItems);

  it("fail: HTTP 500 in plain text for the next count sales, recording none", async () => {
    standin.setMode("fail", 1);
    const failed = await post("/saveTrnsSalesOsdc", sampleSale());
    expect(failed.status).toBe(500);
    expect(failed.body).toBeNull();
    expect(standin.sales()).toEqual([]);
    expect((await post("/saveTrnsSalesOsdc", sampleSale())).body.resultCd).toBe("000");
    expect(standin.mode()).toEqual({ mode: "normal", remaining: null });
  });

  it("timeout: holds the request and drops it unanswered, recording nothing", async () => {
    await fetch(`${standin.url}/__control/mode`, {
      method: "POST",
      body: JSON.stringify({ mode: "timeout", count: 1 }),
    });
    await expect(post("/saveTrnsSalesOsdc", sampleSale())).rejects.toThrow();
    expect(standin.sales()).toEqual([]);
    expect(standin.requests().at(-1)).toMatchObject({ path: "/saveTrnsSalesOsdc", outcome: "held" });
    expect((await post("/saveTrnsSalesOsdc", sampleSale())).body.resultCd).toBe("000");
  });

  it("refuse: a 910 until set back to normal", async () => {
    standin.setMode("refuse");
    for (const n of [1, 2]) {
      expect((await post("/saveTrnsSalesOsdc", sampleSale(n))).body).toMatchObject({
        resultCd: "910",
        resultMsg: "Stand-in told to refuse",
      });
    }
    standin.setMode("normal");
    expect(standin.sales()).toEqual([]);
    expect((await post("/saveTrnsSalesOsdc", sampleSale())).body.resultCd).toBe("000");
  });

  it("accept-then-fail: records the sale, loses the answer, and a resend gets the same signature", async () => {
    standin.setMode("accept-then-fail", 1);
    expect((await post("/saveTrnsSalesOsdc", sampleSale())).status).toBe(500);
    const [kept] = standin.sales();
    expect(kept?.invcNo).toBe(1);
    const resend = await post("/saveTrnsSalesOsdc", sampleSale());
    expect(resend.status).toBe(200);
    expect((resend.body.data as Json).rcptSign).toBe(kept?.answer.data.rcptSign);
    const log = (await (await fetch(`${standin.url}/__control/sales`)).json()) as { requests: Json[] };
    expect(log.requests.filter((r) => r.path === "/saveTrnsSalesOsdc").map((r) => r.outcome)).toEqual([
      "accepted-then-failed",
      "resent",
    ]);
  });

  it("reset forgets items, sales and the mode", async () => {
    await post("/saveTrnsSalesOsdc", sampleSale());
    standin.setMode("fail");
    await fetch(`${standin.url}/__control/reset`, { method: "POST" });
    expect(standin.sequence().numbers).toEqual([]);
    expect(await (await fetch(`${standin.url}/__control/items`)).json()).toEqual([]);
    expect(standin.mode().mode).toBe("normal");
  });
});
