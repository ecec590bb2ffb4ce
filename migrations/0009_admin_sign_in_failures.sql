-- /admin HTTP Basic sign-in: attempts not proven right, per client and overall, per minute
-- (src/security/admin-auth.ts). An attempt is counted before its password is compared and given
-- back when the password is right, so a row holds a window's failed (and refused) attempts: the
-- owner's own page loads never add up, while a burst of guesses is counted before any is judged.

CREATE TABLE admin_sign_in_failures (
  -- The client (an IPv4 address, an IPv6 /64 as "2001:db8:1:2::/64", "unknown-client"), or 'all'.
  bucket TEXT NOT NULL CHECK (length(bucket) BETWEEN 1 AND 64),
  -- The minute the window started, counted from the Unix epoch (milliseconds / 60000).
  window_minute INTEGER NOT NULL,
  failures INTEGER NOT NULL CHECK (failures >= 0),
  PRIMARY KEY (bucket, window_minute)
) WITHOUT ROWID;

-- Past windows are deleted as sign-ins come in: the table holds about one minute of clients.
CREATE INDEX admin_sign_in_failures_by_window ON admin_sign_in_failures (window_minute);
