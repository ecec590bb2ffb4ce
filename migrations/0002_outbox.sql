-- Every e-mail the site sends, kept whatever becomes of it: the owner sees and resends from /admin.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  -- One e-mail per kind and subject matter (e.g. 'order-confirmed:cs_…'): a webhook delivered
  -- three times, or an order confirmed by both the webhook and the success page, sends one.
  dedupe_key TEXT NOT NULL UNIQUE,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  order_id TEXT,
  message_id INTEGER,
  -- The template's data (JSON): the consumer renders the e-mail from it at sending time.
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'sent', 'failed', 'not_configured')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- When it was last handed to the queue (NULL: never, the queue was unavailable); the sweep
  -- hands over again what has waited too long.
  enqueued_at TEXT,
  sent_at TEXT
);
CREATE INDEX outbox_by_created ON outbox (created_at DESC);
CREATE INDEX outbox_by_status ON outbox (status, enqueued_at);
CREATE INDEX outbox_by_recipient ON outbox (kind, recipient, created_at);
