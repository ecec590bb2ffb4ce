-- Written quotes: a numbered PDF from the cart, for buyers who need approval before paying.
-- Numbers run per calendar year (Q-2026-00001): the counter row is bumped in the same statement
-- that reads it (UPDATE … RETURNING), so two requests at once never get the same number.
CREATE TABLE quote_counters (
  year INTEGER PRIMARY KEY,
  last_number INTEGER NOT NULL
);

CREATE TABLE quotes (
  number TEXT PRIMARY KEY,
  -- Unguessable: /quote/<number>?k=<access_key> shows the quote and lets the buyer pay it online.
  access_key TEXT NOT NULL,
  customer_name TEXT NOT NULL,
  customer_email TEXT NOT NULL,
  customer_company TEXT,
  currency TEXT NOT NULL DEFAULT 'usd',
  -- What is due on acceptance (every line once) and what recurs monthly after that.
  due_cents INTEGER NOT NULL CHECK (due_cents >= 0),
  monthly_cents INTEGER NOT NULL CHECK (monthly_cents >= 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  valid_until TEXT NOT NULL
);
CREATE INDEX quotes_by_created ON quotes (created_at DESC);
CREATE INDEX quotes_by_email ON quotes (customer_email COLLATE NOCASE);

CREATE TABLE quote_lines (
  number TEXT NOT NULL REFERENCES quotes (number) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  item_id TEXT NOT NULL,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  unit_amount_cents INTEGER NOT NULL CHECK (unit_amount_cents >= 0),
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  recurring INTEGER NOT NULL DEFAULT 0 CHECK (recurring IN (0, 1)),
  PRIMARY KEY (number, position)
);
