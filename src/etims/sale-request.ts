/**
 * The sale as KRA's saveTrnsSalesOsdc takes it (TrnsSalesSaveWrReq), built from what we hold: the
 * sale's number and rate, its payment, the order and its lines. Pure: the same sale builds the same
 * request, so a resend under the same number sends the same content. docs/tax.md explains each code.
 */
import type { EtimsSaleRow } from "../db/etims-tables.ts";
import type { OrderItemRow, OrderRow, PaymentRow } from "../db/schema.ts";
import { nairobiStamp } from "../lib/dates.ts";
import type { VatStatus } from "../tax/vat.ts";
import { itemClassOf, itemCodeOf, PACKAGING_UNIT, QUANTITY_UNIT } from "./item-codes.ts";
import { type SaleAmounts, saleAmounts } from "./sale-amounts.ts";

/** KRA's payment types: 04 bank (KRA's list has no separate transfer), 05 card, 06 mobile money. */
const PAYMENT_TYPES: Record<PaymentRow["provider"], string> = {
  stripe: "05",
  mpesa_express: "06",
  mpesa_paybill: "06",
  bank_transfer: "04",
};

/** The rate of each of KRA's tax types, in percent: A exempt, B standard, C zero-rated, D non-VAT, E 8%. */
const TAX_RATES = { A: 0, B: 16, C: 0, D: 0, E: 8 } as const;
type TaxLetter = keyof typeof TAX_RATES;
const TAX_LETTERS = Object.keys(TAX_RATES) as TaxLetter[];

/** Who registers and modifies a sale, in KRA's terms: the site itself. */
const REGISTRAR = { regrId: "website", regrNm: "Website", modrId: "website", modrNm: "Website" } as const;

export type SaleFacts = {
  sale: EtimsSaleRow;
  payment: PaymentRow;
  order: OrderRow | null;
  lines: OrderItemRow[];
  vat: VatStatus;
  seller: { tin: string; branchId: string };
  /** A credit note's refund (rcptTyCd 'R'): what was given back, in the payment's minor units, and when. */
  refund?: { amountCents: number; refundedAt: string } | null;
};

/** KRA's credit note reason (docs/code-definition/credit-note-reason.md of the OSCU notes): 06, Refund. */
const CREDIT_NOTE_REASON = "06";

/** A sale's request cannot be built (an item without a code): the owner must act; KRA is not asked. */
export class SaleNotReportableError extends Error {
  override name = "SaleNotReportableError";
}

/** Minor units as KRA's amounts: a number with two decimals at most. */
const amount = (cents: number): number => cents / 100;

/** Text for a field of KRA's: no control characters, at most `max` characters. */
const field = (text: string, max: number): string =>
  Array.from(text.replace(/\p{Cc}+/gu, " ").trim())
    .slice(0, max)
    .join("");

function itemList(amounts: SaleAmounts, taxType: TaxLetter) {
  let seq = 0;
  return amounts.lines.flatMap((line) => {
    const itemCd = itemCodeOf(line.itemId);
    if (!itemCd)
      throw new SaleNotReportableError(`The item ${line.itemId} has no eTIMS item code (src/etims/item-codes.ts)`);
    return line.rows.map((row) => {
      seq += 1;
      return {
        itemSeq: seq,
        itemCd,
        itemClsCd: itemClassOf(line.category),
        itemNm: field(line.name, 200),
        bcd: null,
        pkgUnitCd: PACKAGING_UNIT,
        pkg: row.quantity,
        qtyUnitCd: QUANTITY_UNIT,
        qty: row.quantity,
        prc: amount(row.unitCents),
        splyAmt: amount(row.split.totalCents),
        dcRt: 0,
        dcAmt: 0,
        isrccCd: null,
        isrccNm: null,
        isrcRt: null,
        isrcAmt: null,
        taxTyCd: taxType,
        taxblAmt: amount(row.split.netCents),
        taxAmt: amount(row.split.vatCents),
        totAmt: amount(row.split.totalCents),
      };
    });
  });
}

/** The per-type sums: the one type our lines carry holds the document's totals, the others zero. */
function taxSums(amounts: SaleAmounts, taxType: TaxLetter) {
  const sums: Record<string, number> = {};
  for (const letter of TAX_LETTERS) {
    const mine = letter === taxType;
    sums[`taxblAmt${letter}`] = mine ? amount(amounts.total.netCents) : 0;
    sums[`taxRt${letter}`] = TAX_RATES[letter];
    sums[`taxAmt${letter}`] = mine ? amount(amounts.total.vatCents) : 0;
  }
  return sums;
}

/**
 * The sale's amounts in shillings: a dollar payment at the rate recorded with its number. A credit
 * note's are the refund's, shared over the lines the payment paid as the sale's were.
 */
function amountsOfSale(facts: Pick<SaleFacts, "sale" | "payment" | "lines" | "vat" | "refund">): SaleAmounts {
  const credited = facts.sale.receipt_type === "R" ? facts.refund : null;
  const payment = credited ? { ...facts.payment, amount_cents: credited.amountCents } : facts.payment;
  return saleAmounts(payment, facts.lines, facts.vat, facts.sale.kes_rate_x100);
}

/** saveTrnsSalesOsdc's body for this sale; throws SaleNotReportableError when it cannot be built. */
export function saleRequest(facts: SaleFacts): Record<string, unknown> {
  const { sale, payment, order, vat, seller } = facts;
  if (payment.currency.toLowerCase() === "usd" && sale.kes_rate_x100 === null) {
    throw new SaleNotReportableError("A dollar payment without a KES rate cannot be reported in shillings");
  }
  if (payment.currency.toLowerCase() !== "usd" && payment.currency.toLowerCase() !== "kes") {
    throw new SaleNotReportableError(`A payment in ${payment.currency} cannot be reported in shillings`);
  }
  if (sale.receipt_type === "R" && (!facts.refund || sale.org_invc_no === null)) {
    throw new SaleNotReportableError("A credit note without its refund or its original sale cannot be reported");
  }
  const refundedAt = sale.receipt_type === "R" && facts.refund ? nairobiStamp(facts.refund.refundedAt) : null;
  const amounts = amountsOfSale(facts);
  const taxType = vat.taxType;
  const items = itemList(amounts, taxType);
  const custTin = order?.customer_kra_pin ?? null;
  const custNm = order ? field(order.customer_company || order.customer_name, 60) : null;
  const confirmed = nairobiStamp(sale.sold_at);
  return {
    tin: seller.tin,
    bhfId: seller.branchId,
    trdInvcNo: sale.trader_invoice_no,
    invcNo: sale.invc_no,
    orgInvcNo: sale.org_invc_no ?? 0,
    custTin,
    custNm,
    salesTyCd: "N",
    rcptTyCd: sale.receipt_type,
    pmtTyCd: PAYMENT_TYPES[payment.provider],
    salesSttsCd: "02",
    cfmDt: confirmed,
    salesDt: confirmed.slice(0, 8),
    stockRlsDt: null,
    cnclReqDt: null,
    cnclDt: null,
    rfdDt: refundedAt,
    rfdRsnCd: refundedAt ? CREDIT_NOTE_REASON : null,
    totItemCnt: items.length,
    ...taxSums(amounts, taxType),
    totTaxblAmt: amount(amounts.total.netCents),
    totTaxAmt: amount(amounts.total.vatCents),
    totAmt: amount(amounts.total.totalCents),
    prchrAcptcYn: "N",
    remark: null,
    ...REGISTRAR,
    receipt: {
      custTin,
      custMblNo: null,
      rptNo: null,
      rcptPbctDt: confirmed,
      trdeNm: null,
      adrs: null,
      topMsg: null,
      btmMsg: null,
      prchrAcptcYn: "N",
    },
    itemList: items,
  };
}
