-- Paybill payments by the order and the ledger line they paid (issue 35, docs/privacy-operations.md):
-- the People section reads a person's through their orders and payments, and erasing an order
-- deletes its own, each by `IN (…)` on these columns. Without them, both would read every paybill
-- payment ever received. (refunds_by_order already serves refunds; an M-Pesa plan is found by its
-- subscription_id, its primary key.)
CREATE INDEX c2b_payments_by_order ON c2b_payments (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX c2b_payments_by_payment ON c2b_payments (payment_id) WHERE payment_id IS NOT NULL;
