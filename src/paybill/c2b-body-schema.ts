/**
 * The body Daraja's C2B API posts to the validation and confirmation URLs (docs/paybill.md): read
 * leniently where Safaricom varies (a number as a string or a JSON number, a field missing or null),
 * strictly where money depends on it (TransID, TransAmount). Everything typed by a person (the
 * account number, the names) is kept as sent, clipped, with characters no page can show replaced.
 */
import { clipped } from "../lib/clip.ts";
import { z } from "../lib/zod.ts";

/** M-Pesa's transaction ids are ten capitals and digits ("RKL51ZDR4F"); a little room either way. */
const TRANS_ID = /^[A-Za-z0-9]{6,32}$/;
/** "1500.00" or "1500": shillings with at most two decimals (Daraja: whole numbers in practice). */
const AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** Control characters and lone surrogates: nothing a page, an e-mail or D1 should carry as they are. */
const UNSHOWABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces
  /[\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** How much of each field is kept (what the back office shows; "…" says more was sent). */
const C2B_FIELD_LIMITS = { billRef: 100, name: 60, msisdn: 80, short: 40 } as const;

/** A text field as sent (a string or a number; missing or null is ""), cleaned and clipped. */
const field = (max: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) =>
      clipped(
        String(value ?? "")
          .replace(UNSHOWABLE, "\uFFFD")
          .trim(),
        max,
      ),
    );

/** KES cents of TransAmount; null when it is not a positive amount of shillings. */
function amountCentsOf(value: unknown): number | null {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  const match = typeof text === "string" ? text.trim().match(AMOUNT) : null;
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

/** A C2B body, each field read as above. TransID and TransAmount are checked by the reader (c2bPaymentOf). */
const c2bBodySchema = z.object({
  TransactionType: field(C2B_FIELD_LIMITS.short),
  TransID: field(C2B_FIELD_LIMITS.short),
  TransTime: field(C2B_FIELD_LIMITS.short),
  TransAmount: z.union([z.string(), z.number()]).nullish(),
  BusinessShortCode: field(C2B_FIELD_LIMITS.short),
  BillRefNumber: field(C2B_FIELD_LIMITS.billRef),
  InvoiceNumber: field(C2B_FIELD_LIMITS.short),
  OrgAccountBalance: field(C2B_FIELD_LIMITS.short),
  ThirdPartyTransID: field(C2B_FIELD_LIMITS.name),
  MSISDN: field(C2B_FIELD_LIMITS.msisdn),
  FirstName: field(C2B_FIELD_LIMITS.name),
  MiddleName: field(C2B_FIELD_LIMITS.name),
  LastName: field(C2B_FIELD_LIMITS.name),
});

/** One paybill payment as Safaricom described it. */
export type C2bPayment = {
  /** Upper-cased: one id, whatever the case it came in. */
  transId: string;
  transType: string;
  amountCents: number;
  shortCode: string;
  /** The account number as typed (trimmed, clipped). */
  billRef: string;
  msisdn: string;
  payerName: string;
  transTime: string;
  orgAccountBalance: string;
  thirdPartyTransId: string;
};

export type C2bRead =
  | { ok: true; payment: C2bPayment }
  | { ok: false; problem: "body" | "trans-id" | "amount"; transId: string | null };

/** The payment a C2B body describes, or what is wrong with it. */
export function c2bPaymentOf(body: unknown): C2bRead {
  const parsed = c2bBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, problem: "body", transId: null };
  const b = parsed.data;
  if (!TRANS_ID.test(b.TransID)) return { ok: false, problem: "trans-id", transId: null };
  const transId = b.TransID.toUpperCase();
  const amountCents = amountCentsOf(b.TransAmount);
  if (amountCents === null) return { ok: false, problem: "amount", transId };
  return {
    ok: true,
    payment: {
      transId,
      transType: b.TransactionType,
      amountCents,
      shortCode: b.BusinessShortCode,
      billRef: b.BillRefNumber,
      msisdn: b.MSISDN,
      payerName: [b.FirstName, b.MiddleName, b.LastName].filter(Boolean).join(" "),
      transTime: b.TransTime,
      orgAccountBalance: b.OrgAccountBalance,
      thirdPartyTransId: b.ThirdPartyTransID,
    },
  };
}
