-- Orders are keyed by order_id (issue 33). The key was named session_id when every order was a
-- Stripe Checkout Session; since M-Pesa Express and the owner's records it also holds our own ids
-- (mp_…, mn_…), so the name misled. A card order keeps its key (its Checkout Session's id, which
-- links and logs already name) and the session's id also gets a column of its own, by which Stripe's
-- events and the success page find their order.
--
-- RENAME COLUMN rewrites the indexes, and the foreign keys of the tables that reference orders.
ALTER TABLE orders RENAME COLUMN session_id TO order_id;
ALTER TABLE order_items RENAME COLUMN session_id TO order_id;
ALTER TABLE payments RENAME COLUMN session_id TO order_id;
ALTER TABLE subscriptions RENAME COLUMN session_id TO order_id;
ALTER TABLE mpesa_requests RENAME COLUMN session_id TO order_id;
ALTER TABLE order_notes RENAME COLUMN session_id TO order_id;
-- The order a handled Stripe event applied to (null: none of ours).
ALTER TABLE stripe_events RENAME COLUMN session_id TO order_id;

ALTER TABLE orders ADD COLUMN stripe_session_id TEXT;
UPDATE orders SET stripe_session_id = order_id WHERE provider = 'stripe';
CREATE UNIQUE INDEX orders_by_stripe_session ON orders (stripe_session_id) WHERE stripe_session_id IS NOT NULL;
