-- Refunds from the back office (issue 35, docs/refunds.md): every refund of a paid payment of the
-- ledger, whatever its channel: a card refund through Stripe (ours, or one made in Stripe's
-- dashboard), an M-Pesa reversal through Daraja, or money the owner sent back and recorded.
--
-- A refund is written by one guarded INSERT … SELECT (src/refunds/refund-queries.ts): it is taken
-- only while the payment is paid, no other refund of it is pending, and what is pending or done
-- plus this one stays within the payment. D1 runs each statement alone, so two refunds at once
-- cannot both pass. Amounts are in the payment's own minor units and currency.
CREATE TABLE refunds (
  refund_id TEXT PRIMARY KEY,
  -- The ledger line refunded, and its order.
  payment_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  currency TEXT NOT NULL,
  -- The owner's words (or Stripe's reason for a refund made in its dashboard).
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  channel TEXT NOT NULL CHECK (channel IN ('card', 'mpesa', 'bank')),
  -- pending until the provider confirms it (a bank refund the owner records succeeds at once).
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  -- Why it failed, or what the owner should look at while it is pending.
  failure_reason TEXT,
  -- Stripe: the refund (re_…) and the payment intent it refunds.
  stripe_refund_id TEXT UNIQUE,
  payment_intent TEXT,
  -- Daraja: the ids of the reversal request, and M-Pesa's transaction id of the reversal.
  conversation_id TEXT UNIQUE,
  originator_conversation_id TEXT,
  mpesa_transaction_id TEXT,
  -- The owner's bank or M-Pesa reference of money sent back by hand.
  reference TEXT,
  -- One refund per key: the confirmation form's key (and Stripe's idempotency key), or stripe:<re_…>.
  idempotency_key TEXT NOT NULL UNIQUE,
  created_by TEXT NOT NULL CHECK (length(created_by) BETWEEN 1 AND 320),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When it succeeded or failed.
  settled_at TEXT,
  -- The KRA credit note (etims_sales, rcptTyCd 'R') numbered in the batch that settled it.
  credit_note_branch TEXT,
  credit_note_invc_no INTEGER
);
CREATE INDEX refunds_by_payment ON refunds (payment_id, status);
CREATE INDEX refunds_by_order ON refunds (order_id, created_at);
-- A credit note's number names one refund: the sender finds the refund it reports by it.
CREATE UNIQUE INDEX refunds_by_credit_note ON refunds (credit_note_branch, credit_note_invc_no)
  WHERE credit_note_invc_no IS NOT NULL;
