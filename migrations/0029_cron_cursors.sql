-- Crons in bounded work (issue 37). Each cron step examines at most a fixed number of rows a run.
-- A step whose WHERE excludes what it has done (a row deleted or marked) simply starts again next
-- run; but the retention rules that keep some rows (a client's enquiry, a returning client's record)
-- would read those kept rows again every run, and with more of them than the budget never reach the
-- rows after. Such a step keeps here the keyset (date, id) of the last row it examined, goes on after
-- it next run, and deletes its row once it reaches the end: a pass sees every row once. Ids only: no
-- address or name is kept here.
CREATE TABLE cron_cursors (
  step TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  id TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The daily digest's lists, each by an index at 100,000 orders (scripts/bench/scale/plans.ts runs the
-- crons and prints their plans). Before: paid orders of the last day read every paid order through
-- (status) and sorted them (125 ms); failed renewals read every subscription payment (79 ms); quotes
-- about to expire scanned every quote; the review list scanned every payment and subscription
-- whenever fewer than 25 orders waited for review.
-- Partial on the status, written as a literal in the digest's query (src/mail/owner-digest.ts): an
-- index led by a bound `status = ?` competes, with no statistics, against the order_id lookups of the
-- retention sweep's EXISTS on payments, and once won it there (a whole day's cron stalled on it).
CREATE INDEX orders_paid_by_time ON orders (status, paid_at) WHERE status = 'paid';
CREATE INDEX payments_failed_renewals ON payments (updated_at) WHERE status = 'failed' AND subscription_id IS NOT NULL;
CREATE INDEX quotes_open_by_validity ON quotes (valid_until) WHERE accepted_at IS NULL;
CREATE INDEX payments_for_review ON payments (review_reason) WHERE review_reason IS NOT NULL;
CREATE INDEX subscriptions_for_review ON subscriptions (review_reason) WHERE review_reason IS NOT NULL;

-- Erasing an order (retention, an erasure request) deletes its Stripe events by order: without an
-- index that is a scan of every event per order erased.
CREATE INDEX stripe_events_by_order ON stripe_events (order_id) WHERE order_id IS NOT NULL;
