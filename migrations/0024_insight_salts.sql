-- The cookieless funnel's daily salt (issue 36, docs/insight.md). A visitor is counted by a hash of
-- the day's salt, their network and their browser's user agent; the salt of a day that has ended is
-- deleted when the next day's is made, so no hash written before can be recomputed and matched to
-- an address. The table holds one row (today's) or, for a moment at midnight, two.
CREATE TABLE insight_salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);
