// A valid item and a valid sale, for the tests and for a person trying the stand-in by hand: the
// sale is two type B lines at VAT-inclusive prices (KES 1,000.00, and 2 × KES 96,750.00), split
// so that each line's net + VAT is its price and the VAT is within a cent of 16% of the net.
import { DEFAULT_TIN } from "./server.ts";

export type SampleLine = Record<string, unknown>;
export type SampleSale = Record<string, unknown> & { itemList: SampleLine[] };

export const SAMPLE_ITEM_CODES = ["KE3NTU0000001", "KE3NTU0000002"] as const;

export function sampleItem(itemCd: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    itemCd,
    itemClsCd: "8111150000",
    itemTyCd: "3",
    itemNm: "IT consulting, one day",
    orgnNatCd: "KE",
    pkgUnitCd: "NT",
    qtyUnitCd: "U",
    taxTyCd: "B",
    dftPrc: 1000,
    isrcAplcbYn: "N",
    useYn: "Y",
    regrId: "site",
    regrNm: "Website",
    modrId: "site",
    modrNm: "Website",
    ...overrides,
  };
}

/** A type B line of `qty` at the VAT-inclusive `prc`, split into [taxblAmt, taxAmt]. */
export function sampleLine(itemSeq: number, itemCd: string, prc: number, qty: number, split: [number, number]) {
  const total = Math.round(prc * qty * 100) / 100;
  return {
    itemSeq,
    itemCd,
    itemClsCd: "8111150000",
    itemNm: `Service ${itemSeq}`,
    pkgUnitCd: "NT",
    pkg: qty,
    qtyUnitCd: "U",
    qty,
    prc,
    splyAmt: total,
    dcRt: 0,
    dcAmt: 0,
    taxTyCd: "B",
    taxblAmt: split[0],
    taxAmt: split[1],
    totAmt: total,
  };
}

export function sampleSale(invcNo = 1): SampleSale {
  const [first, second] = SAMPLE_ITEM_CODES;
  return {
    invcNo,
    orgInvcNo: 0,
    trdInvcNo: `INV-2026-${String(invcNo).padStart(5, "0")}`,
    custTin: DEFAULT_TIN.replace("P", "A"),
    custNm: "Acacia Ltd",
    salesTyCd: "N",
    rcptTyCd: "S",
    pmtTyCd: "06",
    salesSttsCd: "02",
    cfmDt: "20261128101500",
    salesDt: "20261128",
    totItemCnt: 2,
    ...{ taxblAmtA: 0, taxblAmtB: 167672.41, taxblAmtC: 0, taxblAmtD: 0, taxblAmtE: 0 },
    ...{ taxRtA: 0, taxRtB: 16, taxRtC: 0, taxRtD: 0, taxRtE: 8 },
    ...{ taxAmtA: 0, taxAmtB: 26827.59, taxAmtC: 0, taxAmtD: 0, taxAmtE: 0 },
    totTaxblAmt: 167672.41,
    totTaxAmt: 26827.59,
    totAmt: 194500,
    prchrAcptcYn: "N",
    regrId: "site",
    regrNm: "Website",
    modrId: "site",
    modrNm: "Website",
    receipt: { rcptPbctDt: "20261128101500", prchrAcptcYn: "N" },
    itemList: [sampleLine(1, first, 1000, 1, [862.07, 137.93]), sampleLine(2, second, 96750, 2, [166810.34, 26689.66])],
  };
}
