// A sale's itemList and its totals by tax type. The arithmetic is the site's rule, enforced to the
// cent in integers: taxblAmt is the net, taxblAmt + taxAmt = totAmt = splyAmt − dcAmt, and the VAT
// is within one cent of the rate applied to the net (a VAT-inclusive price cannot always be split so
// that the VAT is exactly the rounded rate).
import type { RegisteredItem } from "./items.ts";
import {
  FieldReader,
  hasCents,
  isObject,
  OscuRefusal,
  RESULT,
  refusal,
  TAX_RATE_PERCENT,
  TAX_TYPES,
  type TaxTypeCode,
} from "./oscu.ts";

/** One line's figures in whole cents. */
export type LineCents = { taxTyCd: TaxTypeCode; taxbl: number; tax: number; total: number };

const CODE = { max: 5 };
const CLASS_CODE = { max: 10, pattern: /^\d{10}$/, hint: "10 digits" };
/** Within one cent, plus room for the float in rate × net. */
const ONE_CENT = 1 + 1e-7;

const money = (c: number): string => (c / 100).toFixed(2);

/** A quantity: > 0 with at most two decimals (KRA's 13,2), in hundredths. */
function quantity(f: FieldReader, field: string): number {
  const value = f.number(field);
  if (value <= 0) throw f.fail(field, `must be more than 0, got ${value}`);
  if (!hasCents(value)) throw f.fail(field, `must have at most 2 decimals, got ${value}`);
  return Math.round(value * 100);
}

function readLine(raw: unknown, index: number, items: ReadonlyMap<string, RegisteredItem>): LineCents {
  const where = `itemList[${index}]`;
  if (!isObject(raw)) throw refusal(where, "must be an object");
  const f = new FieldReader(raw, `${where}.`);
  const seq = f.whole("itemSeq", 1);
  if (seq !== index + 1) throw f.fail("itemSeq", `must be ${index + 1} (lines numbered 1, 2, 3… in order), got ${seq}`);
  const itemCd = f.text("itemCd", { max: 20 });
  if (!items.has(itemCd)) {
    throw new OscuRefusal(RESULT.parameter, `${where}.itemCd: "${itemCd}" is not a registered item (save it first)`);
  }
  f.text("itemClsCd", CLASS_CODE);
  f.text("itemNm", { max: 200 });
  f.optionalText("bcd", { max: 20 });
  f.text("pkgUnitCd", CODE);
  f.text("qtyUnitCd", CODE);
  quantity(f, "pkg");
  const qty = quantity(f, "qty");
  const prc = f.amount("prc");
  const sply = f.amount("splyAmt");
  if (Math.round((prc * qty) / 100) !== sply) {
    throw f.fail("splyAmt", `must be prc × qty = ${money(Math.round((prc * qty) / 100))}, got ${money(sply)}`);
  }
  const dcRt = f.number("dcRt");
  if (dcRt < 0 || dcRt > 100 || !hasCents(dcRt))
    throw f.fail("dcRt", `must be 0 to 100, 2 decimals at most, got ${dcRt}`);
  const dc = f.amount("dcAmt");
  if (dc > sply) throw f.fail("dcAmt", `must not exceed splyAmt ${money(sply)}, got ${money(dc)}`);
  f.optionalText("isrccCd", { max: 10 });
  f.optionalText("isrccNm", { max: 100 });
  if (f.has("isrcRt")) f.number("isrcRt");
  f.optionalAmount("isrcAmt");
  const taxTyCd = f.oneOf("taxTyCd", TAX_TYPES) as TaxTypeCode;
  const taxbl = f.amount("taxblAmt");
  const tax = f.amount("taxAmt");
  const total = f.amount("totAmt");
  checkLineArithmetic(f, { taxTyCd, taxbl, tax, total }, sply - dc);
  return { taxTyCd, taxbl, tax, total };
}

function checkLineArithmetic(f: FieldReader, line: LineCents, net: number): void {
  const { taxTyCd, taxbl, tax, total } = line;
  if (total !== net) throw f.fail("totAmt", `must be splyAmt − dcAmt = ${money(net)}, got ${money(total)}`);
  if (taxbl + tax !== total) {
    throw f.fail("taxblAmt", `taxblAmt + taxAmt must equal totAmt ${money(total)}, got ${money(taxbl + tax)}`);
  }
  const rate = TAX_RATE_PERCENT[taxTyCd];
  if (rate === 0 && tax !== 0) throw f.fail("taxAmt", `must be 0 for tax type ${taxTyCd}, got ${money(tax)}`);
  const expected = (taxbl * rate) / 100;
  if (rate > 0 && Math.abs(tax - expected) >= ONE_CENT) {
    throw f.fail(
      "taxAmt",
      `must be within one cent of ${rate}% of taxblAmt ${money(taxbl)} (${(expected / 100).toFixed(4)}), got ${money(tax)}`,
    );
  }
}

/** The itemList, line by line; `totItemCnt` must count it. */
export function readLines(f: FieldReader, items: ReadonlyMap<string, RegisteredItem>): LineCents[] {
  const list = f.body.itemList;
  if (!Array.isArray(list) || list.length === 0) throw f.fail("itemList", "must be a non-empty array");
  const count = f.whole("totItemCnt", 1);
  if (count !== list.length) throw f.fail("totItemCnt", `must be the number of lines ${list.length}, got ${count}`);
  return list.map((raw, i) => readLine(raw, i, items));
}

/**
 * The header's totals: per tax type X, taxblAmtX and taxAmtX add up its lines (absent or 0 when
 * none), taxRtX is a rate (B 16 and E 8 when used), and the overall totals add up the types.
 */
export function checkTotals(f: FieldReader, lines: readonly LineCents[]): void {
  let taxblSum = 0;
  let taxSum = 0;
  for (const type of TAX_TYPES) {
    const ofType = lines.filter((l) => l.taxTyCd === type);
    const taxbl = ofType.reduce((a, l) => a + l.taxbl, 0);
    const tax = ofType.reduce((a, l) => a + l.tax, 0);
    typeTotal(f, `taxblAmt${type}`, taxbl, `the type ${type} lines' taxblAmt`);
    typeTotal(f, `taxAmt${type}`, tax, `the type ${type} lines' taxAmt`);
    const rate = f.number(`taxRt${type}`);
    if (rate < 0 || rate > 100 || !hasCents(rate)) throw f.fail(`taxRt${type}`, `must be a rate 0 to 100, got ${rate}`);
    const expected = TAX_RATE_PERCENT[type];
    if (ofType.length > 0 && expected > 0 && rate !== expected) {
      throw f.fail(`taxRt${type}`, `must be ${expected} when a line is type ${type}, got ${rate}`);
    }
    taxblSum += taxbl;
    taxSum += tax;
  }
  const lineTotal = lines.reduce((a, l) => a + l.total, 0);
  exact(f, "totTaxblAmt", taxblSum, "taxblAmtA + … + taxblAmtE");
  exact(f, "totTaxAmt", taxSum, "taxAmtA + … + taxAmtE");
  // With every line's taxblAmt + taxAmt = totAmt, this also makes totAmt = totTaxblAmt + totTaxAmt.
  exact(f, "totAmt", lineTotal, "the sum of the lines' totAmt");
}

function typeTotal(f: FieldReader, field: string, sum: number, what: string): void {
  const given = f.optionalAmount(field);
  if (given === undefined && sum === 0) return;
  if (given === undefined) throw f.fail(field, `is required: ${what} add up to ${money(sum)}`);
  if (given !== sum) throw f.fail(field, `must be ${what} = ${money(sum)}, got ${money(given)}`);
}

function exact(f: FieldReader, field: string, sum: number, what: string): void {
  const given = f.amount(field);
  if (given !== sum) throw f.fail(field, `must be ${what} = ${money(sum)}, got ${money(given)}`);
}
