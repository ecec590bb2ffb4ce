-- Data subject requests received by another channel (issue 36, docs/privacy-operations.md "Requests
-- logged with their clocks"): a letter, a call, an e-mail, a WhatsApp message or a visit, logged in
-- the People section with the day it arrived and the day the Data Protection Act 2019 and its
-- General Regulations 2021 say it must be answered by.
--
-- The record the Data Commissioner may ask for: a row is never deleted. Neither a person's erasure
-- (src/privacy/person-erasure-queries.ts) nor the retention sweep (src/privacy/retention*.ts)
-- touches this table, and no address is stored in it: the person is the hash the audit log names
-- them by, and the masked form the People page shows.
CREATE TABLE data_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'rectification', 'erasure', 'objection', 'portability')),
  -- How it reached us.
  channel TEXT NOT NULL CHECK (channel IN ('letter', 'phone', 'email', 'whatsapp', 'in_person', 'other')),
  -- Nairobi days, YYYY-MM-DD: the day it arrived as the owner says, and the day it is due
  -- (7 calendar days later, 30 for portability; src/privacy/data-request-log.ts dueOn).
  received_on TEXT NOT NULL CHECK (received_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  due_on TEXT NOT NULL CHECK (due_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]' AND due_on > received_on),
  -- The person: `mailbox:` and the SHA-256 of their person key (src/privacy/person.ts personSubject),
  -- and that key masked (j•••@example.com). Never the address.
  subject TEXT NOT NULL CHECK (length(subject) BETWEEN 9 AND 80),
  person TEXT NOT NULL CHECK (length(person) BETWEEN 1 AND 260),
  -- The owner's words about the request, or NULL.
  note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 1000),
  state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'answered')),
  -- When and how it was answered: by the People section's export or erasure, or noted by the owner.
  answered_at TEXT,
  answered_how TEXT CHECK (answered_how IN ('export', 'erasure', 'noted')),
  answered_by TEXT CHECK (answered_by IS NULL OR length(answered_by) BETWEEN 1 AND 320),
  answer_note TEXT CHECK (answer_note IS NULL OR length(answer_note) BETWEEN 1 AND 1000),
  logged_by TEXT NOT NULL CHECK (length(logged_by) BETWEEN 1 AND 320),
  logged_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- An answered request says when, how and by whom; an open one says none of it.
  CHECK ((state = 'open') = (answered_at IS NULL AND answered_how IS NULL AND answered_by IS NULL))
);
-- Open requests by due day (the page's list, the digest's "due within 2 days", the overdue alert),
-- and answered ones newest first (the page's list).
CREATE INDEX data_requests_by_state_due ON data_requests (state, due_on, id);
CREATE INDEX data_requests_by_state_answered ON data_requests (state, answered_at DESC, id DESC);
-- One person's requests (the lookup, and the export and erasure that answer them).
CREATE INDEX data_requests_by_subject ON data_requests (subject, state, kind);
