-- Data-protection duties (issue 25): the People section's requests and the retention sweep are
-- written to the audit log, and an e-mail's body can be cleared while its row stays for the record.

-- SQLite cannot widen a CHECK: the audit log is made again with 'person' (an access, export or
-- erasure request about one mailbox) and 'retention' (what a retention sweep erased), rows copied.
CREATE TABLE admin_audit_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  actor TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 320),
  action TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  subject_kind TEXT NOT NULL CHECK (
    subject_kind IN ('order', 'message', 'quote', 'outbox', 'setting', 'payment', 'person', 'retention')
  ),
  subject_id TEXT NOT NULL,
  detail TEXT
);
INSERT INTO admin_audit_next (id, at, actor, action, subject_kind, subject_id, detail)
  SELECT id, at, actor, action, subject_kind, subject_id, detail FROM admin_audit;
DROP TABLE admin_audit;
ALTER TABLE admin_audit_next RENAME TO admin_audit;
CREATE INDEX admin_audit_by_subject ON admin_audit (subject_kind, subject_id, at DESC, id DESC);
CREATE INDEX admin_audit_by_time ON admin_audit (at DESC, id DESC);

-- When the e-mail's body (payload) was cleared, by the retention sweep or an erasure: the row, its
-- status, kind and dates stay; such an e-mail can never be sent again.
ALTER TABLE outbox ADD COLUMN body_cleared_at TEXT NULL;
CREATE INDEX outbox_bodies_kept ON outbox (updated_at) WHERE body_cleared_at IS NULL;

-- The sweep finds expired billing links without reading every row (old enquiries have
-- contact_messages_by_created already).
CREATE INDEX billing_links_by_expiry ON billing_links (expires_at);

-- Erasing an enquiry clears the e-mails about it, found by their message.
CREATE INDEX outbox_by_message ON outbox (message_id) WHERE message_id IS NOT NULL;
