-- Monthly plans paid by M-Pesa (issue 35, docs/mpesa-plans.md). The first month is paid by the
-- checkout's STK prompt; every later month the site bills itself: a prompt on the due date, again
-- on days 2 and 5, then past due. The subscription's own row (subscriptions: status, plan,
-- cancellation) is shared with card plans; what billing it by M-Pesa needs is here.

-- One row per M-Pesa subscription.
CREATE TABLE mpesa_plans (
  subscription_id TEXT PRIMARY KEY REFERENCES subscriptions (subscription_id) ON DELETE CASCADE,
  -- SUB- and 8 characters: its prompts' AccountReference and the paybill account number. Never a
  -- quote's (Q-…) or an order's (ORD-…).
  reference TEXT NOT NULL CHECK (length(reference) = 12 AND reference LIKE 'SUB-%'),
  -- Where its prompts go: 2547XXXXXXXX / 2541XXXXXXXX. The buyer changes it on /billing.
  phone TEXT NOT NULL CHECK (length(phone) = 12),
  -- The Nairobi day of the month it started: each month is due on that day, or on the month's last
  -- day when the month is shorter (31 January, 28 February, 31 March).
  anchor_day INTEGER NOT NULL CHECK (anchor_day BETWEEN 1 AND 31),
  -- Paid up to this Nairobi day (YYYY-MM-DD, exclusive): the next month is due on it.
  next_due_on TEXT NOT NULL CHECK (length(next_due_on) = 10),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX mpesa_plans_by_reference ON mpesa_plans (reference COLLATE NOCASE);
CREATE INDEX mpesa_plans_by_due ON mpesa_plans (next_due_on);

-- Each month billed: its price, how it is being asked for, and how it ended. Its payments are the
-- ledger's lines with its subscription_id and period_start; it is paid once they cover kes_amount.
CREATE TABLE mpesa_plan_months (
  subscription_id TEXT NOT NULL REFERENCES mpesa_plans (subscription_id) ON DELETE CASCADE,
  -- The due date and the next month's (exclusive), Nairobi days.
  period_start TEXT NOT NULL CHECK (length(period_start) = 10),
  period_end TEXT NOT NULL CHECK (length(period_end) = 10),
  -- The plan's dollars, and the shillings asked for them: fixed when the month opens, at the
  -- owner's rate that day (the first month's: the checkout's).
  usd_cents INTEGER NOT NULL CHECK (usd_cents > 0),
  kes_amount INTEGER NOT NULL CHECK (kes_amount > 0),
  kes_rate_x100 INTEGER NOT NULL CHECK (kes_rate_x100 > 0),
  -- void: the plan was cancelled while the month was unpaid; it is not asked for.
  status TEXT NOT NULL DEFAULT 'due' CHECK (status IN ('due', 'paid', 'past_due', 'void')),
  -- The cron's tries (the due date, day 2, day 5) and the Nairobi day of the last one: never two a day.
  tries INTEGER NOT NULL DEFAULT 0 CHECK (tries BETWEEN 0 AND 3),
  last_try_on TEXT,
  -- Every prompt sent for the month (the cron's and the buyer's), those that ended unpaid other than
  -- by the buyer's cancelling, and the last one's result.
  prompts INTEGER NOT NULL DEFAULT 0,
  failures INTEGER NOT NULL DEFAULT 0,
  last_result_code INTEGER,
  last_result TEXT,
  -- Set while a prompt for the month is being sent: of two at once (two crons, a cron and a click), one sends.
  prompt_claimed_at TEXT,
  -- Unguessable: /billing/plan/pay?k=<pay_key>, the link the month's e-mails carry (as receipts' access_key).
  pay_key TEXT NOT NULL UNIQUE,
  paid_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (subscription_id, period_start)
);
CREATE INDEX mpesa_plan_months_open ON mpesa_plan_months (subscription_id) WHERE status IN ('due', 'past_due');

-- Their months' ledger lines, found by subscription and period.
CREATE INDEX payments_by_subscription_period ON payments (subscription_id, period_start) WHERE subscription_id IS NOT NULL;
