-- Tax invoices through KRA eTIMS (OSCU), issue 34 (docs/tax.md).
--
-- A buyer's KRA PIN (optional, upper-cased), on the order it pays and on the quote it asked for.
ALTER TABLE orders ADD COLUMN customer_kra_pin TEXT;
ALTER TABLE quotes ADD COLUMN customer_kra_pin TEXT;

-- The last invoice number (invcNo) given per branch: 1, 2, 3… It moves only in the batch that
-- writes the sale it numbers, so no number is skipped and none is given twice.
CREATE TABLE etims_counters (
  branch_id TEXT PRIMARY KEY,
  last_invc_no INTEGER NOT NULL
);

-- Every sale reported to KRA (rcptTyCd 'S'), or to report: one per paid payment, numbered when the
-- payment is recorded and sent afterwards (a queue and the cron's sweep) under that same number
-- until KRA accepts it. Credit notes ('R', orgInvcNo) are refunds of a sale.
CREATE TABLE etims_sales (
  branch_id TEXT NOT NULL,
  invc_no INTEGER NOT NULL CHECK (invc_no >= 1),
  receipt_type TEXT NOT NULL DEFAULT 'S' CHECK (receipt_type IN ('S', 'R')),
  payment_id TEXT NOT NULL,
  org_invc_no INTEGER,
  -- Our own invoice number, INV-<year>-<invc_no, five digits at least>.
  trader_invoice_no TEXT NOT NULL UNIQUE,
  -- KES per USD in hundredths for a payment in dollars (the owner's rate when it was recorded);
  -- null for a payment in shillings.
  kes_rate_x100 INTEGER,
  sold_at TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_attempt_at TEXT,
  -- KRA's refusal or the failure of the last attempt, as the owner reads it.
  last_error TEXT,
  cur_rcpt_no INTEGER,
  tot_rcpt_no INTEGER,
  intrl_data TEXT,
  rcpt_sign TEXT,
  sdc_date_time TEXT,
  accepted_at TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (branch_id, invc_no)
);
CREATE UNIQUE INDEX etims_sales_by_payment ON etims_sales (payment_id) WHERE receipt_type = 'S';
CREATE INDEX etims_sales_waiting ON etims_sales (next_attempt_at) WHERE status = 'pending';

-- Who sends now: one sender at a time per branch, so the numbers reach KRA in their order and no
-- sale is sent twice at once. A lease that lapses (a sender that died) is taken over.
CREATE TABLE etims_sender_leases (
  branch_id TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  until TEXT NOT NULL
);
