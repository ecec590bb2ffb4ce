-- Paybill payments recorded by themselves (issue 35, docs/paybill.md): every confirmation Daraja's
-- C2B API posts, matched or not, once per M-Pesa transaction id.
--
-- trans_id is M-Pesa's TransID, upper-cased: the key that makes a replayed confirmation (Safaricom
-- may send one twice, a forger may replay one) record nothing. A confirmation that names a quote,
-- an order or a subscription is settled in the same D1 batch as its row ('matched'); one that names
-- nothing payable is kept 'unmatched' until the owner assigns it in the back office ('assigned').
-- What the buyer typed (bill_ref), the masked number and the name are kept as Safaricom sent them,
-- clipped; every page and e-mail escapes them.
CREATE TABLE c2b_payments (
  trans_id TEXT PRIMARY KEY CHECK (length(trans_id) BETWEEN 1 AND 32),
  -- "Pay Bill" (or "Buy Goods"), as sent.
  trans_type TEXT NOT NULL,
  -- Shillings in cents (TransAmount "1500.00" is 150000).
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  short_code TEXT NOT NULL,
  -- The account number as the buyer typed it (BillRefNumber), clipped.
  bill_ref TEXT NOT NULL,
  -- Safaricom's masked number ("2547 ***** 126"), as sent.
  msisdn TEXT NOT NULL,
  -- FirstName, MiddleName and LastName, joined.
  payer_name TEXT NOT NULL,
  -- TransTime as sent: YYYYMMDDhhmmss on Nairobi's clock.
  trans_time TEXT NOT NULL,
  org_account_balance TEXT,
  third_party_trans_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('matched', 'unmatched', 'assigned')),
  -- What it paid: a quote (by its number), an order (by its id) or a subscription (by its id).
  target_kind TEXT CHECK (target_kind IN ('quote', 'order', 'subscription')),
  target_ref TEXT,
  -- The order it paid (a quote's is the order it became) and its line in the ledger.
  order_id TEXT,
  payment_id TEXT,
  -- Shillings in cents paid beyond what was due: flagged for the owner.
  excess_cents INTEGER CHECK (excess_cents > 0),
  -- Why nothing was matched (unknown account, quote closed, order paid…), for the owner.
  unmatched_reason TEXT,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- The owner who assigned an unmatched payment, and when.
  assigned_by TEXT,
  assigned_at TEXT
);
-- The back office lists the unmatched first, the digest the day's.
CREATE INDEX c2b_payments_unmatched ON c2b_payments (received_at) WHERE status = 'unmatched';
CREATE INDEX c2b_payments_by_time ON c2b_payments (received_at);
