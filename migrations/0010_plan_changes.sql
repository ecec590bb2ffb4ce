-- Plan changes made in Stripe's customer portal (docs/orders.md, "Plan changes"): the plan a
-- subscription bills now, and a change scheduled for the period's end (a downgrade, a shorter interval).

-- The plan as the newest subscription event describes it: our catalogue id (pricing-business), the
-- interval (month or year), what one interval bills in cents and Stripe's price id. NULL until a
-- subscription event names a price of our catalogue: the order's own lines then say what it bills.
-- They change with the rest of the row, so they follow its state_at ordering.
ALTER TABLE subscriptions ADD COLUMN plan_id TEXT;
ALTER TABLE subscriptions ADD COLUMN plan_interval TEXT CHECK (plan_interval IN ('month', 'year'));
ALTER TABLE subscriptions ADD COLUMN plan_amount_cents INTEGER CHECK (plan_amount_cents >= 0);
ALTER TABLE subscriptions ADD COLUMN plan_price_id TEXT;

-- A change scheduled by a subscription schedule: when it applies (pending_at, ISO) and to what
-- (pending_plan_id NULL with pending_at set: a price our catalogue does not name). All NULL: nothing
-- scheduled. pending_state_at is the `created` time (unix seconds) of the event that last set or
-- cleared it, so an older schedule event never overwrites a newer one.
ALTER TABLE subscriptions ADD COLUMN pending_plan_id TEXT;
ALTER TABLE subscriptions ADD COLUMN pending_interval TEXT CHECK (pending_interval IN ('month', 'year'));
ALTER TABLE subscriptions ADD COLUMN pending_at TEXT;
-- What the new plan bills an interval, so its first invoice is recognised even before the
-- subscription event that applies it arrives.
ALTER TABLE subscriptions ADD COLUMN pending_amount_cents INTEGER CHECK (pending_amount_cents >= 0);
ALTER TABLE subscriptions ADD COLUMN pending_state_at INTEGER NOT NULL DEFAULT 0;
