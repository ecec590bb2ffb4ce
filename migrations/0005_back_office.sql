-- The owner's back office (/admin): what the owner did and when (an audit trail), notes on orders,
-- contact messages marked answered, and indexes for the back office's filters.

-- Every action taken in the back office, one row each, never updated or deleted.
CREATE TABLE admin_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- Who: the e-mail Cloudflare Access vouched for, or 'admin' (HTTP Basic auth alone).
  actor TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 320),
  -- What, as kind.verb: message.answered, message.unanswered, order.note, outbox.resend, …
  action TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  subject_kind TEXT NOT NULL CHECK (subject_kind IN ('order', 'message', 'quote', 'outbox')),
  -- The order's session id, the message's or e-mail's id (as text), the quote's number.
  subject_id TEXT NOT NULL,
  -- Whatever the action carries (a note's text), or NULL.
  detail TEXT
);
CREATE INDEX admin_audit_by_subject ON admin_audit (subject_kind, subject_id, at DESC, id DESC);
CREATE INDEX admin_audit_by_time ON admin_audit (at DESC, id DESC);

-- The owner's notes on an order (a call made, a refund agreed, …), newest shown first.
CREATE TABLE order_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT NOT NULL REFERENCES orders (session_id) ON DELETE CASCADE,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  actor TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 320),
  body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 2000)
);
CREATE INDEX order_notes_by_session ON order_notes (session_id, at DESC, id DESC);

-- A contact message the owner has answered: when, and by whom (NULL both: not answered yet).
ALTER TABLE contact_messages ADD COLUMN answered_at TEXT NULL;
ALTER TABLE contact_messages ADD COLUMN answered_by TEXT NULL;

-- The back office's lists: newest first (created_at, then a unique key so pages never overlap),
-- filtered by status.
CREATE INDEX orders_by_status_created ON orders (status, created_at DESC, session_id DESC);
CREATE INDEX contact_messages_unanswered ON contact_messages (created_at DESC, id DESC) WHERE answered_at IS NULL;
CREATE INDEX contact_messages_answered ON contact_messages (created_at DESC, id DESC) WHERE answered_at IS NOT NULL;
CREATE INDEX subscriptions_by_status_created ON subscriptions (status, created_at DESC, subscription_id DESC);
CREATE INDEX subscriptions_by_created ON subscriptions (created_at DESC, subscription_id DESC);
CREATE INDEX outbox_by_status_created ON outbox (status, created_at DESC, id DESC);
