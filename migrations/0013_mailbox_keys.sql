-- Each stored address is indexed by its mailbox keys (issue 32), so the People section finds a
-- person by an indexed equality however many addresses share their domain, and never merges two
-- people: the rows held today get their keys as these indexes are built, and every row written
-- later gets them from SQLite itself, whatever code writes it.
--
-- Two keys, over the address column of every table holding one:
--   *_by_person   the People section's key (src/privacy/person-key.ts personKey): only spellings
--                 that provably reach one mailbox are one person;
--   *_by_mailbox  the per-recipient caps' broad key (src/mail/mailbox.ts mailboxKey, a +tag off at
--                 every domain), NULL outside ASCII; People lists its other spellings as "possibly
--                 the same person".
--
-- Indexes on expressions rather than generated columns: a generated column is part of SELECT *, so
-- every listing that sorts rows (the back office's, the sweeps') would compute both keys for each
-- row it sorts, measured several times slower; nor can ALTER TABLE add a STORED column.
--
-- The expressions are src/db/mailbox-keys.ts mailboxKeyIndexes(), word for word: SQLite uses an
-- expression index only for a query with the same expression, and the queries are built there
-- too. tests/worker/person-key.test.ts checks that these statements are that module's, that its
-- expressions compute what personKey and mailboxKey compute, and that People's queries use them.
-- A change of the keys (a provider added) is a new migration dropping and building these again.

CREATE INDEX orders_by_person ON orders (CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') = 0 OR instr(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN lower(trim(customer_email, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    WHEN substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('fastmail.com', 'fastmail.com.', 'fastmail.fm', 'fastmail.fm.', 'pm.me', 'pm.me.', 'proton.me', 'proton.me.', 'protonmail.ch', 'protonmail.ch.', 'protonmail.com', 'protonmail.com.') THEN substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || rtrim(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '.')
    ELSE substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, length(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32)))) - (substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

CREATE INDEX orders_by_mailbox ON orders (CASE
    WHEN length(CAST(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))) AS BLOB)) <> length(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32)))) OR instr(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN NULL
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') = 0 THEN lower(trim(customer_email, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    ELSE substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || substr(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1), 1, length(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1)) - (substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

CREATE INDEX quotes_by_person ON quotes (CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') = 0 OR instr(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN lower(trim(customer_email, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    WHEN substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('fastmail.com', 'fastmail.com.', 'fastmail.fm', 'fastmail.fm.', 'pm.me', 'pm.me.', 'proton.me', 'proton.me.', 'protonmail.ch', 'protonmail.ch.', 'protonmail.com', 'protonmail.com.') THEN substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || rtrim(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '.')
    ELSE substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, length(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32)))) - (substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

CREATE INDEX quotes_by_mailbox ON quotes (CASE
    WHEN length(CAST(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))) AS BLOB)) <> length(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32)))) OR instr(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN NULL
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') = 0 THEN lower(trim(customer_email, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    ELSE substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || substr(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1), 1, length(substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), '@') + 1)) - (substr(lower(trim(customer_email, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

CREATE INDEX contact_messages_by_person ON contact_messages (CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') = 0 OR instr(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN lower(trim(email, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    WHEN substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('fastmail.com', 'fastmail.com.', 'fastmail.fm', 'fastmail.fm.', 'pm.me', 'pm.me.', 'proton.me', 'proton.me.', 'protonmail.ch', 'protonmail.ch.', 'protonmail.com', 'protonmail.com.') THEN substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || rtrim(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '.')
    ELSE substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, length(lower(trim(email, char(9, 10, 11, 12, 13, 32)))) - (substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

CREATE INDEX contact_messages_by_mailbox ON contact_messages (CASE
    WHEN length(CAST(lower(trim(email, char(9, 10, 11, 12, 13, 32))) AS BLOB)) <> length(lower(trim(email, char(9, 10, 11, 12, 13, 32)))) OR instr(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN NULL
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') = 0 THEN lower(trim(email, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    ELSE substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || substr(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1), 1, length(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1)) - (substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

CREATE INDEX billing_links_by_person ON billing_links (CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') = 0 OR instr(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN lower(trim(email, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    WHEN substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('fastmail.com', 'fastmail.com.', 'fastmail.fm', 'fastmail.fm.', 'pm.me', 'pm.me.', 'proton.me', 'proton.me.', 'protonmail.ch', 'protonmail.ch.', 'protonmail.com', 'protonmail.com.') THEN substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || rtrim(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '.')
    ELSE substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, length(lower(trim(email, char(9, 10, 11, 12, 13, 32)))) - (substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

CREATE INDEX billing_links_by_mailbox ON billing_links (CASE
    WHEN length(CAST(lower(trim(email, char(9, 10, 11, 12, 13, 32))) AS BLOB)) <> length(lower(trim(email, char(9, 10, 11, 12, 13, 32)))) OR instr(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN NULL
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') = 0 THEN lower(trim(email, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    ELSE substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || substr(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1), 1, length(substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), '@') + 1)) - (substr(lower(trim(email, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

CREATE INDEX outbox_by_person ON outbox (CASE
    WHEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') = 0 OR instr(substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN lower(trim(recipient, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    WHEN substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('fastmail.com', 'fastmail.com.', 'fastmail.fm', 'fastmail.fm.', 'pm.me', 'pm.me.', 'proton.me', 'proton.me.', 'protonmail.ch', 'protonmail.ch.', 'protonmail.com', 'protonmail.com.') THEN substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || rtrim(substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') + 1), '.')
    ELSE substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), 1, length(lower(trim(recipient, char(9, 10, 11, 12, 13, 32)))) - (substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

CREATE INDEX outbox_by_mailbox ON outbox (CASE
    WHEN length(CAST(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))) AS BLOB)) <> length(lower(trim(recipient, char(9, 10, 11, 12, 13, 32)))) OR instr(substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') + 1), '@') > 0 THEN NULL
    WHEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') = 0 THEN lower(trim(recipient, char(9, 10, 11, 12, 13, 32)))
    WHEN substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') + 1) IN ('gmail.com', 'gmail.com.', 'googlemail.com', 'googlemail.com.') THEN replace(substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') - 1 END), '.', '') || '@gmail.com'
    ELSE substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), 1, CASE
    WHEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '+') BETWEEN 2 AND instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') - 1 THEN instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '+') - 1
    ELSE instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') - 1 END) || '@' || substr(substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') + 1), 1, length(substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), instr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), '@') + 1)) - (substr(lower(trim(recipient, char(9, 10, 11, 12, 13, 32))), -1) = '.'))
  END);

-- The People section finds the e-mails about a person's orders by their order too: without this
-- index that part of its lookup read every e-mail ever sent.
CREATE INDEX outbox_by_order ON outbox (order_id) WHERE order_id IS NOT NULL;
