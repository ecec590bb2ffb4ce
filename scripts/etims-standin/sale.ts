// TrnsSalesSaveWrReq's header and receipt, checked field by field before its lines and totals
// (sale-lines.ts). The first broken rule is the refusal: KRA names one problem at a time.
import type { RegisteredItem } from "./items.ts";
import { FieldReader, isObject, type Json, refusal } from "./oscu.ts";
import { checkTotals, readLines } from "./sale-lines.ts";

/** What the ledger needs of a sale once its every field is checked. */
export type CheckedSale = { invcNo: number; orgInvcNo: number; rcptTyCd: "S" | "R" };

export type SaleContext = {
  items: ReadonlyMap<string, RegisteredItem>;
  /** The receipt type of an invcNo this branch already reported, if any. */
  receiptTypeOf: (invcNo: number) => string | undefined;
};

/** A KRA PIN as eTIMS takes it: upper case only. */
const PIN = { max: 11, pattern: /^[A-Z]\d{9}[A-Z]$/, hint: "a KRA PIN in upper case, like P051234567X" };
/** docs/code-definition/credit-note-reason.md */
const CREDIT_NOTE_REASONS = ["01", "02", "03", "04", "05", "06"];
/** docs/code-definition/payment-method.md: cash, credit, cash/credit, cheque, card, mobile money, other. */
const PAYMENT_TYPES = ["01", "02", "03", "04", "05", "06", "07"];
const OPTIONAL_DATE_TIMES = ["stockRlsDt", "cnclReqDt", "cnclDt"];

/** The invcNo as given, when it is one; used to spot a number already taken before any other check. */
export function invoiceNumberOf(body: Json): number | null {
  const n = body.invcNo;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

export function readSale(body: Json, context: SaleContext): CheckedSale {
  const f = new FieldReader(body);
  const invcNo = f.whole("invcNo", 1);
  const orgInvcNo = f.whole("orgInvcNo", 0);
  f.text("trdInvcNo", { max: 50 });
  f.optionalText("custTin", PIN);
  f.optionalText("custNm", { max: 60 });
  f.oneOf("salesTyCd", ["N"]);
  const rcptTyCd = f.oneOf("rcptTyCd", ["S", "R"]) as "S" | "R";
  if (rcptTyCd === "S") readSaleReference(f, orgInvcNo);
  else readCreditNote(f, invcNo, orgInvcNo, context);
  f.oneOf("pmtTyCd", PAYMENT_TYPES);
  f.oneOf("salesSttsCd", ["02"]);
  const cfmDt = f.dateTime("cfmDt");
  const salesDt = f.date("salesDt");
  if (salesDt !== cfmDt.slice(0, 8))
    throw f.fail("salesDt", `must be cfmDt's date ${cfmDt.slice(0, 8)}, got ${salesDt}`);
  for (const field of OPTIONAL_DATE_TIMES) if (f.has(field)) f.dateTime(field);
  f.yn("prchrAcptcYn");
  f.optionalText("remark", { max: 400 });
  f.registrar();
  readReceipt(body.receipt);
  const lines = readLines(f, context.items);
  checkTotals(f, lines);
  return { invcNo, orgInvcNo, rcptTyCd };
}

/** A sale refers to no earlier invoice; its refund fields, when sent anyway, must still be well formed. */
function readSaleReference(f: FieldReader, orgInvcNo: number): void {
  if (orgInvcNo !== 0) throw f.fail("orgInvcNo", `must be 0 for a sale (rcptTyCd S), got ${orgInvcNo}`);
  if (f.has("rfdRsnCd")) f.oneOf("rfdRsnCd", CREDIT_NOTE_REASONS);
  if (f.has("rfdDt")) f.dateTime("rfdDt");
}

/** A credit note names the sale it credits, which this branch must have reported, and why. */
function readCreditNote(f: FieldReader, invcNo: number, orgInvcNo: number, context: SaleContext): void {
  if (orgInvcNo === 0) throw f.fail("orgInvcNo", "must be the credited sale's invcNo for a credit note (rcptTyCd R)");
  if (orgInvcNo === invcNo) throw f.fail("orgInvcNo", "must not be the credit note's own invcNo");
  if (context.receiptTypeOf(orgInvcNo) !== "S") {
    throw f.fail("orgInvcNo", `must be a sale this branch reported, and ${orgInvcNo} is none`);
  }
  f.oneOf("rfdRsnCd", CREDIT_NOTE_REASONS);
  f.dateTime("rfdDt");
}

function readReceipt(receipt: unknown): void {
  if (!isObject(receipt)) throw refusal("receipt", "must be an object");
  const r = new FieldReader(receipt, "receipt.");
  r.optionalText("custTin", PIN);
  r.optionalText("custMblNo", { max: 20 });
  r.dateTime("rcptPbctDt");
  r.optionalText("trdeNm", { max: 100 });
  r.optionalText("adrs", { max: 200 });
  r.optionalText("topMsg", { max: 400 });
  r.optionalText("btmMsg", { max: 400 });
  r.yn("prchrAcptcYn");
}
