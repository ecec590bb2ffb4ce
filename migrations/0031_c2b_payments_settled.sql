-- The back office's Paybill page at 100,000 payments (issue 37): the payments waiting for the owner
-- are listed on their own (c2b_payments_unmatched, 0018), and the rest page by position, newest
-- first, "older than (received_at, trans_id)" (src/admin/keyset.ts). c2b_payments_by_time holds
-- received_at alone, so each run of equal times would be sorted by trans_id again and the row-value
-- comparison could not be taken whole; this holds both columns in the list's order, so a page is
-- one range read of 51 entries at any size. Partial, under the very condition the list writes
-- (paybill-queries.ts settledListing), so it holds none of the waiting payments. The digest still
-- reads the day's payments, matched or not, by c2b_payments_by_time.
CREATE INDEX c2b_payments_settled ON c2b_payments (received_at DESC, trans_id DESC) WHERE status <> 'unmatched';
