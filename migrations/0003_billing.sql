-- Payments for the whole life of an order: two more order states, the order's own reference
-- (which Stripe carries on the subscription, so renewals find their order), the subscription and
-- every invoice paid or failed.

-- SQLite cannot change a CHECK constraint in place: the orders table is rebuilt. order_items is
-- rebuilt with it, child first, so dropping the old parent cascades into nothing.
CREATE TABLE orders_v3 (
  session_id TEXT PRIMARY KEY,
  mode TEXT NOT NULL CHECK (mode IN ('payment', 'subscription')),
  -- needs_review: Stripe's amount or currency differs from what the order recorded (never paid
  -- until the owner looks); no_payment_required: Stripe took no money for it.
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'awaiting_payment', 'paid', 'payment_failed', 'expired',
                      'no_payment_required', 'needs_review')),
  customer_name TEXT NOT NULL,
  customer_email TEXT NOT NULL,
  customer_phone TEXT NOT NULL,
  customer_company TEXT,
  address TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  zip TEXT NOT NULL,
  country TEXT NOT NULL,
  currency TEXT NOT NULL DEFAULT 'usd',
  total_cents INTEGER NOT NULL CHECK (total_cents >= 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  paid_at TEXT,
  -- Ours, made before the Checkout Session: Stripe copies it onto the subscription's metadata.
  order_ref TEXT UNIQUE,
  stripe_customer_id TEXT,
  -- What Stripe said when it did not match the order (needs_review), for the owner.
  review_reason TEXT,
  -- When the success page last asked Stripe about this session (at most once per 30 seconds).
  stripe_checked_at TEXT
);
INSERT INTO orders_v3 (session_id, mode, status, customer_name, customer_email, customer_phone, customer_company,
  address, city, state, zip, country, currency, total_cents, created_at, updated_at, paid_at)
SELECT session_id, mode, status, customer_name, customer_email, customer_phone, customer_company,
  address, city, state, zip, country, currency, total_cents, created_at, updated_at, paid_at
FROM orders;

CREATE TABLE order_items_v3 (
  session_id TEXT NOT NULL REFERENCES orders_v3 (session_id) ON DELETE CASCADE,
  item_id TEXT NOT NULL,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  unit_amount_cents INTEGER NOT NULL CHECK (unit_amount_cents >= 0),
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  recurring INTEGER NOT NULL DEFAULT 0 CHECK (recurring IN (0, 1)),
  PRIMARY KEY (session_id, item_id)
);
INSERT INTO order_items_v3 SELECT session_id, item_id, name, category, unit_amount_cents, quantity, recurring
FROM order_items ORDER BY rowid;

DROP TABLE order_items;
DROP TABLE orders;
ALTER TABLE orders_v3 RENAME TO orders;
ALTER TABLE order_items_v3 RENAME TO order_items;
CREATE INDEX orders_by_created ON orders (created_at DESC);
CREATE INDEX orders_by_email ON orders (customer_email COLLATE NOCASE);

-- One row per Stripe subscription, as Stripe last described it.
CREATE TABLE subscriptions (
  subscription_id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES orders (session_id),
  customer_id TEXT,
  -- Stripe's own names: active, past_due, unpaid, canceled, incomplete, incomplete_expired, trialing, paused.
  status TEXT NOT NULL,
  current_period_end TEXT,
  cancel_at_period_end INTEGER NOT NULL DEFAULT 0 CHECK (cancel_at_period_end IN (0, 1)),
  cancel_at TEXT,
  canceled_at TEXT,
  -- The `created` time (unix seconds) of the event this state came from: an older event never
  -- overwrites a newer state, whatever order Stripe delivers them in.
  state_at INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX subscriptions_by_session ON subscriptions (session_id);

-- The payments ledger: the checkout payment of a one-off order, and every invoice of a subscription.
CREATE TABLE payments (
  -- The invoice id (in_…), or the Checkout Session id for a one-off payment.
  payment_id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES orders (session_id),
  subscription_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('paid', 'failed')),
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL,
  -- checkout, or Stripe's billing_reason: subscription_create, subscription_cycle, …
  billing_reason TEXT NOT NULL,
  period_start TEXT,
  period_end TEXT,
  attempts INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payments_by_session ON payments (session_id, created_at);

-- One-time links to the billing portal, by e-mail (/billing): only a hash of the token is kept.
CREATE TABLE billing_links (
  token_hash TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL,
  email TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
