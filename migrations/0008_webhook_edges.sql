-- Stripe events a person must look at (docs/orders.md): why a subscription or a ledger line is held
-- for review, and invoices that arrived before anything tied their subscription to an order.

-- Set when Stripe sent dates for the subscription that no calendar has (kept NULL otherwise). The
-- first reason stays: later events neither clear nor replace it.
ALTER TABLE subscriptions ADD COLUMN review_reason TEXT;

-- Set when a paid invoice's amount or currency is not the plan's, or its figures or period could
-- not be read. The line is still in the ledger: it is what Stripe says was charged.
ALTER TABLE payments ADD COLUMN review_reason TEXT;

-- An invoice event for a subscription no order is linked to yet (it came before the checkout and
-- carries no order_ref). Entered in the ledger, and deleted here, once a checkout or subscription
-- event links the subscription id; rows nothing ever claims are dropped after 30 days.
CREATE TABLE pending_invoices (
  event_id TEXT PRIMARY KEY,
  subscription_id TEXT NOT NULL,
  -- invoice.paid or invoice.payment_failed
  type TEXT NOT NULL,
  -- The event's `created` (unix seconds, 0 if unreadable): held events are entered oldest first.
  created INTEGER NOT NULL DEFAULT 0,
  -- The invoice object as Stripe sent it (JSON), read again by the same code when it is entered.
  invoice TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX pending_invoices_by_subscription ON pending_invoices (subscription_id, created);
CREATE INDEX pending_invoices_by_received ON pending_invoices (received_at);
