-- The back office's search by index (issue 37): at 100,000 orders the search read every row of the
-- section's table (`instr(lower(col), lower(?)) > 0` over each searched column), 4–8× its time at
-- 1,000. Each searched table gets a full-text index of exactly the columns its search reads, kept in
-- step with its rows by the triggers below and filled here from the rows held today.
--
-- The trigram tokenizer: every three-character window of a value is a term, case-folded, so a
-- quoted phrase finds any substring of three characters or more, wherever it sits in the column.
-- That is today's "found anywhere in the column", unlike a word tokenizer (which would miss "jiru"
-- in "Wanjiru") or an equality or prefix on the e-mail (which would miss "wanjiru@" typed for
-- "mwanjiru@…"). The index only picks the candidates: src/admin/admin-search-conditions.ts keeps
-- the old instr() condition beside it, so the rows found are exactly today's (the trigram's Unicode
-- case folding finds "Ũ" for "ũ", which instr()'s ASCII-only lower() does not, and the re-check
-- drops them). A search of one or two characters has no trigram and keeps the old, unindexed scan.
--
-- `phone_digits` is the phone with the punctuation src/admin/admin-listing-queries.ts phoneSearch
-- strips (the same replace() chain), so "0700 000 001" typed finds "+254 700-000-001".
--
-- Ordinary FTS5 tables (they keep a copy of the indexed text) rather than contentless ones: a
-- contentless table needs `contentless_delete` (SQLite 3.43) to forget a row, and an external-content
-- one cannot hold the computed `phone_digits`. A trigram index is large: at the scale bench's
-- 100,000 orders (200,000 messages, 600,000 e-mails) the four take about 320 MB (the copies 75 MB
-- of it) beside 1 GB of tables and indexes; today's thousands of rows, a few MB.
-- `columnsize = 0`: nothing ranks the matches, so the per-row token counts are not stored.
-- Each index row has its table row's rowid; the update triggers fire only when a searched column
-- really changes (a status change writes nothing here), and an erasure or anonymisation
-- (src/privacy) is an UPDATE of those columns like any other.
--
-- `wrangler d1 export` refuses a whole database that holds a virtual table, so scripts/backup.ts
-- exports the tables by name, leaving these indexes (derived data) out. Every statement here is
-- idempotent (IF NOT EXISTS, and each index emptied before it is filled), so after a restore
-- running this file again (`wrangler d1 execute <db> --remote --file migrations/0027_search_index.sql`)
-- makes and fills the indexes: README "Backups and restore".
--
-- A later migration that rebuilds one of these tables (copy, drop, rename) drops its triggers and
-- gives its rows new rowids: it must make this file's triggers again and refill its index.

CREATE VIRTUAL TABLE IF NOT EXISTS orders_search USING fts5(
  customer_name, customer_email, customer_company, customer_kra_pin, customer_phone, order_id, order_ref, phone_digits,
  tokenize = 'trigram', columnsize = 0
);

CREATE TRIGGER IF NOT EXISTS orders_search_insert AFTER INSERT ON orders BEGIN
  INSERT INTO orders_search (rowid, customer_name, customer_email, customer_company, customer_kra_pin, customer_phone, order_id, order_ref, phone_digits)
  VALUES (new.rowid, new.customer_name, new.customer_email, new.customer_company, new.customer_kra_pin, new.customer_phone, new.order_id, new.order_ref, replace(replace(replace(replace(replace(replace(new.customer_phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''));
END;

CREATE TRIGGER IF NOT EXISTS orders_search_update AFTER UPDATE OF customer_name, customer_email, customer_company, customer_kra_pin, customer_phone, order_id, order_ref ON orders
  WHEN old.customer_name IS NOT new.customer_name
    OR old.customer_email IS NOT new.customer_email
    OR old.customer_company IS NOT new.customer_company
    OR old.customer_kra_pin IS NOT new.customer_kra_pin
    OR old.customer_phone IS NOT new.customer_phone
    OR old.order_id IS NOT new.order_id
    OR old.order_ref IS NOT new.order_ref
BEGIN
  DELETE FROM orders_search WHERE rowid = old.rowid;
  INSERT INTO orders_search (rowid, customer_name, customer_email, customer_company, customer_kra_pin, customer_phone, order_id, order_ref, phone_digits)
  VALUES (new.rowid, new.customer_name, new.customer_email, new.customer_company, new.customer_kra_pin, new.customer_phone, new.order_id, new.order_ref, replace(replace(replace(replace(replace(replace(new.customer_phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''));
END;

CREATE TRIGGER IF NOT EXISTS orders_search_delete AFTER DELETE ON orders BEGIN
  DELETE FROM orders_search WHERE rowid = old.rowid;
END;

DELETE FROM orders_search;
INSERT INTO orders_search (rowid, customer_name, customer_email, customer_company, customer_kra_pin, customer_phone, order_id, order_ref, phone_digits)
SELECT rowid, customer_name, customer_email, customer_company, customer_kra_pin, customer_phone, order_id, order_ref, replace(replace(replace(replace(replace(replace(customer_phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') FROM orders;

CREATE VIRTUAL TABLE IF NOT EXISTS quotes_search USING fts5(
  number, customer_name, customer_email, customer_company,
  tokenize = 'trigram', columnsize = 0
);

CREATE TRIGGER IF NOT EXISTS quotes_search_insert AFTER INSERT ON quotes BEGIN
  INSERT INTO quotes_search (rowid, number, customer_name, customer_email, customer_company)
  VALUES (new.rowid, new.number, new.customer_name, new.customer_email, new.customer_company);
END;

CREATE TRIGGER IF NOT EXISTS quotes_search_update AFTER UPDATE OF number, customer_name, customer_email, customer_company ON quotes
  WHEN old.number IS NOT new.number
    OR old.customer_name IS NOT new.customer_name
    OR old.customer_email IS NOT new.customer_email
    OR old.customer_company IS NOT new.customer_company
BEGIN
  DELETE FROM quotes_search WHERE rowid = old.rowid;
  INSERT INTO quotes_search (rowid, number, customer_name, customer_email, customer_company)
  VALUES (new.rowid, new.number, new.customer_name, new.customer_email, new.customer_company);
END;

CREATE TRIGGER IF NOT EXISTS quotes_search_delete AFTER DELETE ON quotes BEGIN
  DELETE FROM quotes_search WHERE rowid = old.rowid;
END;

DELETE FROM quotes_search;
INSERT INTO quotes_search (rowid, number, customer_name, customer_email, customer_company)
SELECT rowid, number, customer_name, customer_email, customer_company FROM quotes;

CREATE VIRTUAL TABLE IF NOT EXISTS contact_messages_search USING fts5(
  name, email, company, phone, phone_digits,
  tokenize = 'trigram', columnsize = 0
);

CREATE TRIGGER IF NOT EXISTS contact_messages_search_insert AFTER INSERT ON contact_messages BEGIN
  INSERT INTO contact_messages_search (rowid, name, email, company, phone, phone_digits)
  VALUES (new.rowid, new.name, new.email, new.company, new.phone, replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''));
END;

CREATE TRIGGER IF NOT EXISTS contact_messages_search_update AFTER UPDATE OF name, email, company, phone ON contact_messages
  WHEN old.name IS NOT new.name
    OR old.email IS NOT new.email
    OR old.company IS NOT new.company
    OR old.phone IS NOT new.phone
BEGIN
  DELETE FROM contact_messages_search WHERE rowid = old.rowid;
  INSERT INTO contact_messages_search (rowid, name, email, company, phone, phone_digits)
  VALUES (new.rowid, new.name, new.email, new.company, new.phone, replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', ''));
END;

CREATE TRIGGER IF NOT EXISTS contact_messages_search_delete AFTER DELETE ON contact_messages BEGIN
  DELETE FROM contact_messages_search WHERE rowid = old.rowid;
END;

DELETE FROM contact_messages_search;
INSERT INTO contact_messages_search (rowid, name, email, company, phone, phone_digits)
SELECT rowid, name, email, company, phone, replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') FROM contact_messages;

CREATE VIRTUAL TABLE IF NOT EXISTS outbox_search USING fts5(
  recipient, subject, kind,
  tokenize = 'trigram', columnsize = 0
);

CREATE TRIGGER IF NOT EXISTS outbox_search_insert AFTER INSERT ON outbox BEGIN
  INSERT INTO outbox_search (rowid, recipient, subject, kind)
  VALUES (new.rowid, new.recipient, new.subject, new.kind);
END;

CREATE TRIGGER IF NOT EXISTS outbox_search_update AFTER UPDATE OF recipient, subject, kind ON outbox
  WHEN old.recipient IS NOT new.recipient
    OR old.subject IS NOT new.subject
    OR old.kind IS NOT new.kind
BEGIN
  DELETE FROM outbox_search WHERE rowid = old.rowid;
  INSERT INTO outbox_search (rowid, recipient, subject, kind)
  VALUES (new.rowid, new.recipient, new.subject, new.kind);
END;

CREATE TRIGGER IF NOT EXISTS outbox_search_delete AFTER DELETE ON outbox BEGIN
  DELETE FROM outbox_search WHERE rowid = old.rowid;
END;

DELETE FROM outbox_search;
INSERT INTO outbox_search (rowid, recipient, subject, kind)
SELECT rowid, recipient, subject, kind FROM outbox;
