-- The back office's lists page by position (issue 37, src/admin/keyset.ts): "rows older than
-- (created_at, id)", newest first. An index on the sort column alone finds the position but must
-- sort each run of equal times by id again, and cannot take the row-value comparison whole; these
-- hold both columns in the list's order, so a page is one range read of 51 index entries at any size.
-- They replace the single-column ones, which they cover.
CREATE INDEX orders_by_created_id ON orders (created_at DESC, order_id DESC);
DROP INDEX IF EXISTS orders_by_created;
CREATE INDEX quotes_by_created_number ON quotes (created_at DESC, number DESC);
DROP INDEX IF EXISTS quotes_by_created;
CREATE INDEX contact_messages_by_created_id ON contact_messages (created_at DESC, id DESC);
DROP INDEX IF EXISTS contact_messages_by_created;
CREATE INDEX outbox_by_created_id ON outbox (created_at DESC, id DESC);
DROP INDEX IF EXISTS outbox_by_created;
-- Tax invoices list by KRA's number, then ours: the key is (branch_id, invc_no), led by the branch.
CREATE INDEX etims_sales_by_number ON etims_sales (invc_no DESC, trader_invoice_no DESC);
