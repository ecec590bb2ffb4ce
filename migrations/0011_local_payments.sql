-- Paid the way Nairobi pays (docs/payments.md): M-Pesa Express at checkout and on quotes, bank
-- transfers and paybill payments recorded by the owner, and a numbered receipt for every payment.

-- Values the owner sets in the back office (the KES exchange rate), each with when and by whom.
CREATE TABLE settings (
  key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 40),
  value TEXT NOT NULL CHECK (length(value) BETWEEN 1 AND 200),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_by TEXT NOT NULL CHECK (length(updated_by) BETWEEN 1 AND 320)
);

-- How an order is paid: a Stripe Checkout Session (its id is session_id), M-Pesa Express, or a
-- payment the owner recorded (a quote paid by bank transfer or paybill). The latter two get an id
-- of ours in session_id (mp_… / mn_…).
ALTER TABLE orders ADD COLUMN provider TEXT NOT NULL DEFAULT 'stripe' CHECK (provider IN ('stripe', 'mpesa', 'manual'));
-- An M-Pesa order's charge: whole shillings, at the owner's rate then (KES per USD in hundredths,
-- 12950 = 129.50), beside total_cents in USD.
ALTER TABLE orders ADD COLUMN kes_amount INTEGER CHECK (kes_amount > 0);
ALTER TABLE orders ADD COLUMN kes_rate_x100 INTEGER CHECK (kes_rate_x100 > 0);
-- The written quote the order pays, if any.
ALTER TABLE orders ADD COLUMN quote_number TEXT;
CREATE INDEX orders_by_quote ON orders (quote_number) WHERE quote_number IS NOT NULL;

-- A quote is accepted once, by the order that paid it.
ALTER TABLE quotes ADD COLUMN accepted_at TEXT;
ALTER TABLE quotes ADD COLUMN accepted_order TEXT;

-- Every STK push sent to Daraja. Its callback is unsigned: it is found by the unguessable token in
-- its CallBackURL (only the hash is kept), must name this CheckoutRequestID, amount and phone, and is
-- confirmed with an STK query before anything is marked paid.
CREATE TABLE mpesa_requests (
  checkout_request_id TEXT PRIMARY KEY,
  merchant_request_id TEXT NOT NULL,
  session_id TEXT NOT NULL REFERENCES orders (session_id),
  callback_token_hash TEXT NOT NULL UNIQUE,
  -- 2547XXXXXXXX / 2541XXXXXXXX
  phone TEXT NOT NULL,
  amount_kes INTEGER NOT NULL CHECK (amount_kes > 0),
  account_reference TEXT NOT NULL CHECK (length(account_reference) BETWEEN 1 AND 12),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  result_code INTEGER,
  result_desc TEXT,
  -- M-Pesa's receipt (e.g. NLJ7RT61SV), from the callback.
  mpesa_receipt TEXT UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When an STK query last asked Daraja about it (the waiting page and the sweep take turns).
  checked_at TEXT
);
CREATE INDEX mpesa_requests_by_order ON mpesa_requests (session_id, created_at DESC);
CREATE INDEX mpesa_requests_pending ON mpesa_requests (created_at) WHERE status = 'pending';

-- The payments ledger holds every way money came in: provider, its reference (an M-Pesa receipt, a
-- bank reference), the day it arrived, the owner's note, the payer's phone (M-Pesa) and, for a KES
-- payment, its USD equivalent. A reference is recorded once, whatever its case.
ALTER TABLE payments ADD COLUMN provider TEXT NOT NULL DEFAULT 'stripe'
  CHECK (provider IN ('stripe', 'mpesa_express', 'bank_transfer', 'mpesa_paybill'));
ALTER TABLE payments ADD COLUMN reference TEXT;
ALTER TABLE payments ADD COLUMN paid_on TEXT;
ALTER TABLE payments ADD COLUMN note TEXT;
ALTER TABLE payments ADD COLUMN phone TEXT;
ALTER TABLE payments ADD COLUMN usd_cents INTEGER CHECK (usd_cents >= 0);
CREATE UNIQUE INDEX payments_by_reference ON payments (reference COLLATE NOCASE) WHERE reference IS NOT NULL;

-- Receipts, numbered per calendar year (R-2026-00001) as quotes are. The PDF is drawn once and kept
-- in R2 (receipts/<number>.pdf); stored_at NULL means it is not there yet and the sweep draws it.
CREATE TABLE receipt_counters (
  year INTEGER PRIMARY KEY,
  last_number INTEGER NOT NULL
);
CREATE TABLE receipts (
  number TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL UNIQUE REFERENCES payments (payment_id),
  -- Unguessable: /receipt/<number>?k=<access_key> serves the PDF to the buyer's e-mail link.
  access_key TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  stored_at TEXT
);
CREATE INDEX receipts_unstored ON receipts (created_at) WHERE stored_at IS NULL;

-- The audit log also records settings and payments: SQLite cannot widen a CHECK, so the table is
-- made again with the wider list and its rows copied.
CREATE TABLE admin_audit_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  actor TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 320),
  action TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  subject_kind TEXT NOT NULL CHECK (subject_kind IN ('order', 'message', 'quote', 'outbox', 'setting', 'payment')),
  subject_id TEXT NOT NULL,
  detail TEXT
);
INSERT INTO admin_audit_next (id, at, actor, action, subject_kind, subject_id, detail)
  SELECT id, at, actor, action, subject_kind, subject_id, detail FROM admin_audit;
DROP TABLE admin_audit;
ALTER TABLE admin_audit_next RENAME TO admin_audit;
CREATE INDEX admin_audit_by_subject ON admin_audit (subject_kind, subject_id, at DESC, id DESC);
CREATE INDEX admin_audit_by_time ON admin_audit (at DESC, id DESC);
