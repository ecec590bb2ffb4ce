-- Budgets decided atomically (issue 20): how much one key (a mailbox, a client's network) may use of
-- something per clock hour and per UTC day. One row per scope and key, bumped by one UPSERT whose
-- WHERE refuses the bump once either window is full, so a cap holds under any number of concurrent
-- requests (no count-then-insert). Rows whose day has passed are deleted by the cron sweep.
CREATE TABLE budgets (
  -- What is counted: mail:quote, mail:billing-link, mail:contact-ack, client:contact, client:quote…
  scope TEXT NOT NULL CHECK (length(scope) BETWEEN 1 AND 40),
  -- Whose: a normalised mailbox (mail/mailbox.ts) or a client key (security/client-bucket.ts).
  key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 320),
  -- The current windows, as UTC text: '2026-11-25T13' and '2026-11-25'.
  hour TEXT NOT NULL,
  hour_count INTEGER NOT NULL CHECK (hour_count >= 0),
  day TEXT NOT NULL,
  day_count INTEGER NOT NULL CHECK (day_count >= 0),
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;
CREATE INDEX budgets_by_day ON budgets (day);
