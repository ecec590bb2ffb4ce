/**
 * The tables of paying the way Nairobi pays (migrations/0011): the owner's settings, M-Pesa prompts
 * and receipts with their counter. Declared as schema.ts declares the rest, which lists them in
 * allTables for the schema test.
 */
import { integer, nullable, oneOf, primaryKey, type RowOf, table, text } from "./columns.ts";

const timestamp = text;
const maybeText = nullable(text);
/** An STK push: waiting for the buyer, paid (confirmed by an STK query), or not paid. */
const mpesaRequestStatuses = ["pending", "paid", "failed"] as const;

export const settings = table("settings", {
  key: primaryKey(text),
  value: text,
  updated_at: timestamp,
  updated_by: text,
});

export const mpesaRequests = table("mpesa_requests", {
  checkout_request_id: primaryKey(text),
  merchant_request_id: text,
  order_id: text,
  callback_token_hash: text,
  phone: text,
  amount_kes: integer,
  account_reference: text,
  status: oneOf(mpesaRequestStatuses),
  result_code: nullable(integer),
  result_desc: maybeText,
  mpesa_receipt: maybeText,
  created_at: timestamp,
  updated_at: timestamp,
  checked_at: maybeText,
});

export const receiptCounters = table("receipt_counters", {
  year: primaryKey(integer),
  last_number: integer,
});

export const receipts = table("receipts", {
  number: primaryKey(text),
  payment_id: text,
  access_key: text,
  created_at: timestamp,
  /** When its PDF reached R2; null: the sweep draws it. */
  stored_at: maybeText,
});

export type SettingRow = RowOf<typeof settings>;
export type MpesaRequestRow = RowOf<typeof mpesaRequests>;
export type ReceiptRow = RowOf<typeof receipts>;
