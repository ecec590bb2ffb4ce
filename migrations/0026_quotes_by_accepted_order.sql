-- Which quote an order accepted (issue 37): retention's "checkouts never paid" asks, for every
-- unpaid order, whether a quote names it as its accepted order. Without an index that is a scan of
-- every quote per order (1.2 s of the daily cron at 100,000 orders). Partial: most quotes accept no
-- order, and `accepted_order = ?` already implies it is not null, so the index serves the lookup.
CREATE INDEX quotes_by_accepted_order ON quotes (accepted_order) WHERE accepted_order IS NOT NULL;
