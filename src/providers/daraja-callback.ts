/**
 * What Safaricom POSTs to an STK push's CallBackURL once the buyer has answered (or not):
 * `{ Body: { stkCallback: { MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc,
 * CallbackMetadata?: { Item: [{ Name, Value? }] } } } }`, the metadata only on success. Read
 * strictly: the callback's URL is public, so anything off-shape is refused rather than guessed at.
 */
export type StkCallback = {
  merchantRequestId: string;
  checkoutRequestId: string;
  /** 0 paid; 1032 cancelled, 1037 no answer from the phone, 1 insufficient balance, 2001 wrong PIN, … */
  resultCode: number;
  resultDesc: string;
  /** Whole shillings paid (success only). */
  amount: number | null;
  /** The M-Pesa receipt, e.g. "NLJ7RT61SV" (success only). */
  receipt: string | null;
  /** 2547…/2541… (success only; null when Safaricom sends it masked or not at all). */
  phone: string | null;
  /** YYYYMMDDHHmmss, Nairobi time (success only). */
  transactionDate: string | null;
};

/** Daraja's ids: "29115-34620561-1", "ws_CO_191220191020363925". */
export const DARAJA_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;
const RECEIPT = /^[A-Z0-9]{6,20}$/;
const PHONE = /^254[17]\d{8}$/;
const TRANSACTION_DATE = /^\d{14}$/;
const MAX_DESC = 500;
/** Far above M-Pesa's per-payment limit: only nonsense is refused here; the amount is checked against the order elsewhere. */
const MAX_AMOUNT = 10_000_000;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The callback, or null when the body is not Safaricom's shape. */
export function parseStkCallback(body: unknown): StkCallback | null {
  const callback = isObject(body) && isObject(body.Body) ? body.Body.stkCallback : undefined;
  if (!isObject(callback)) return null;
  const { MerchantRequestID, CheckoutRequestID, ResultCode, ResultDesc } = callback;
  if (typeof MerchantRequestID !== "string" || !DARAJA_REQUEST_ID.test(MerchantRequestID)) return null;
  if (typeof CheckoutRequestID !== "string" || !DARAJA_REQUEST_ID.test(CheckoutRequestID)) return null;
  if (typeof ResultCode !== "number" || !Number.isSafeInteger(ResultCode) || ResultCode < 0) return null;
  if (typeof ResultDesc !== "string" || ResultDesc.length > MAX_DESC) return null;
  const head = {
    merchantRequestId: MerchantRequestID,
    checkoutRequestId: CheckoutRequestID,
    resultCode: ResultCode,
    resultDesc: ResultDesc,
  };
  if (ResultCode !== 0) return { ...head, amount: null, receipt: null, phone: null, transactionDate: null };
  const items = metadataItems(callback.CallbackMetadata);
  if (!items) return null;
  const amount = items.get("Amount");
  const receipt = items.get("MpesaReceiptNumber");
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0 || amount > MAX_AMOUNT) return null;
  if (typeof receipt !== "string" || !RECEIPT.test(receipt)) return null;
  return {
    ...head,
    amount,
    receipt,
    phone: digits(items.get("PhoneNumber"), PHONE),
    transactionDate: digits(items.get("TransactionDate"), TRANSACTION_DATE),
  };
}

/** `Item: [{ Name, Value? }]` by name; null when malformed or a name repeats (which value would count?). */
function metadataItems(metadata: unknown): Map<string, unknown> | null {
  if (!isObject(metadata) || !Array.isArray(metadata.Item)) return null;
  const items = new Map<string, unknown>();
  for (const item of metadata.Item as unknown[]) {
    if (!isObject(item) || typeof item.Name !== "string" || items.has(item.Name)) return null;
    const value = item.Value;
    if (value !== undefined && typeof value !== "number" && typeof value !== "string") return null;
    items.set(item.Name, value);
  }
  return items;
}

/** A number Safaricom sends as a JSON number (or, leniently, a string of digits) when it has the expected form. */
function digits(value: unknown, pattern: RegExp): string | null {
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === "string" && pattern.test(text) ? text : null;
}
