-- Revenue by channel for a period (issue 36, /admin/insight, src/insight/revenue-queries.ts): the
-- paid lines of the payments ledger recorded in a time range. Without it the owner's view would
-- read every ledger line ever written on each visit; with it, only the period's paid ones.
CREATE INDEX payments_paid_by_time ON payments (created_at) WHERE status = 'paid';
