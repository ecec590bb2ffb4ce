-- The breach register (issue 36, docs/breaches.md): every personal-data breach we become aware of,
-- as the Data Protection Act 2019 s.43 asks us to record it (the facts, the effects, the remedial
-- action), with the 72-hour clock to notify the ODPC and whether the people concerned were told.
--
-- An entry is never deleted: no route deletes one, the retention sweep and a person's erasure do not
-- read this table, and the trigger below refuses a DELETE from anywhere else. Its text is the owner's
-- own (people described by category, not by name), bounded here as the form bounds it; every page,
-- e-mail and export escapes it.
CREATE TABLE breaches (
  -- BR-<year>-<n>: n counts from 1 in each Nairobi year of recording, without gaps (migrations/0023,
  -- breach-queries.ts numbers it in the INSERT itself; UNIQUE (year, seq) decides a race).
  number TEXT PRIMARY KEY CHECK (length(number) BETWEEN 9 AND 20),
  year INTEGER NOT NULL CHECK (year BETWEEN 2019 AND 9999),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  -- When we became aware (ISO, UTC): the ODPC's 72 hours run from it.
  aware_at TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  recorded_by TEXT NOT NULL CHECK (length(recorded_by) BETWEEN 1 AND 320),
  what_happened TEXT NOT NULL CHECK (length(what_happened) BETWEEN 1 AND 4000),
  data_concerned TEXT NOT NULL CHECK (length(data_concerned) BETWEEN 1 AND 2000),
  people_concerned TEXT NOT NULL CHECK (length(people_concerned) BETWEEN 1 AND 2000),
  -- About how many people; NULL: not known yet.
  people_count INTEGER CHECK (people_count BETWEEN 0 AND 1000000000),
  -- A real risk of harm to the people concerned (s.43(1)): yes, no, or still being assessed.
  risk TEXT NOT NULL CHECK (risk IN ('yes', 'no', 'assessing')),
  risk_description TEXT NOT NULL CHECK (length(risk_description) BETWEEN 1 AND 2000),
  actions_taken TEXT CHECK (length(actions_taken) <= 4000),
  odpc_notified_at TEXT,
  odpc_reference TEXT CHECK (length(odpc_reference) <= 100),
  -- Whether the people concerned were told (s.43(1)(b)), when and how, or why it was not needed.
  subjects_told TEXT NOT NULL DEFAULT 'no' CHECK (subjects_told IN ('yes', 'no', 'not_needed')),
  subjects_told_at TEXT,
  subjects_told_how TEXT CHECK (length(subjects_told_how) <= 500),
  closed_at TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL CHECK (length(updated_by) BETWEEN 1 AND 320),
  -- Each update names the version it was made from: of two owners saving at once, one gets a 409.
  version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  UNIQUE (year, seq)
);
-- The cron's alerts (every 5 minutes) and the digest read the open entries only, oldest awareness
-- first: SCAN breaches USING INDEX breaches_open, a handful of rows however long the register grows.
CREATE INDEX breaches_open ON breaches (aware_at) WHERE closed_at IS NULL;

CREATE TRIGGER breaches_never_deleted BEFORE DELETE ON breaches
BEGIN
  SELECT RAISE(ABORT, 'The breach register is kept: an entry is never deleted');
END;

-- SQLite cannot widen a CHECK: the audit log is made again with 'breach' (an entry recorded or
-- updated) among its subjects, rows copied, as migrations/0012 did for 'person' and 'retention'.
CREATE TABLE admin_audit_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  actor TEXT NOT NULL CHECK (length(actor) BETWEEN 1 AND 320),
  action TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  subject_kind TEXT NOT NULL CHECK (
    subject_kind IN ('order', 'message', 'quote', 'outbox', 'setting', 'payment', 'person', 'retention', 'breach')
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

-- A breach's audit trail is part of the register: the retention sweep's "old audit rows" rule skips
-- it (RAISE(IGNORE) leaves that row and goes on with the others), however the sweep selects them.
CREATE TRIGGER admin_audit_breaches_kept BEFORE DELETE ON admin_audit
WHEN OLD.subject_kind = 'breach'
BEGIN
  SELECT RAISE(IGNORE);
END;
