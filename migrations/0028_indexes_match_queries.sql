-- Indexes that match the queries (issue 37). Every statement the site's visitor pages, webhooks and
-- People lookups send to the big tables was explained at 100,000 orders
-- (`node scripts/bench/scale/plans-hot.ts`, and the scale run's plans); the plan of each hot one is
-- written beside it in src/. Two read a whole table; this file gives each the index it needs, and
-- changes no query, so every answer stays what it was.
--
-- The addresses (orders, quotes, contact_messages): nothing to add and nothing to rewrite.
--   * An address compared as typed goes through `= ? COLLATE NOCASE` (billing's "send me a link",
--     an M-Pesa plan's holder), which is the collation of orders_by_email (migrations/0003):
--     SEARCH orders USING INDEX orders_by_email (customer_email=?). Lower-casing the column instead
--     (`lower(col) = lower(?)` over a `lower(col)` index, or a column stored lower-cased) would
--     find exactly the same rows, NOCASE and SQLite's lower() both folding ASCII letters only, but
--     would rewrite queries and the stored addresses that e-mails and PDFs show as typed: more
--     change, for no row more or less.
--   * Everything that looks a person up (People, its export and erasure, retention) compares by
--     mailbox key, over migrations/0013's expression indexes, contact_messages included:
--     SEARCH contact_messages USING INDEX contact_messages_by_person (<key>=?). An index on
--     contact_messages.email itself would serve no query the site sends.
--   * The back office's search by substring (instr(lower(col), lower(?))) is served by its own
--     full-text index (migrations/0027), which no B-tree on the column could replace.

-- Whether KRA accepted a sale of an order's payments: the orders list asks it for each page of 50
-- orders (the "PIN reported" marks), the owner's PIN correction before it writes. Its sales are
-- found by payment, but the only index by payment (etims_sales_by_payment) holds sales alone,
-- while these questions count a credit note too: without this one SQLite read every sale and
-- credit note (one per paid payment: 100,000 and more) for every page. With the status beside the
-- payment, the accepted ones are found in the index itself:
-- SEARCH payments USING INDEX payments_by_session (order_id=?), then
-- SEARCH etims_sales USING COVERING INDEX etims_sales_by_payment_status (payment_id=? AND status=?)
-- for the page (the single order's check reads the row too: USING INDEX).
CREATE INDEX etims_sales_by_payment_status ON etims_sales (payment_id, status);

-- Stripe's refund events (charge.refunded, charge.refund.updated) name a payment intent: a refund
-- made in Stripe's dashboard is tied to its payment through the refunds already made on that intent,
-- found by this column, which had no index (SCAN refunds). Partial: M-Pesa and bank refunds have no
-- payment intent, and `payment_intent = ?` already implies it is not null.
CREATE INDEX refunds_by_payment_intent ON refunds (payment_intent) WHERE payment_intent IS NOT NULL;
