-- M-Pesa prompts are paid for only by prompts (issue 32): the budgets a prompt spends are taken
-- together or not at all, and a retry is a new attempt, priced again and sent once.

-- The attempt that last counted a use of this budget (a random id). A prompt spends several budgets
-- (its phone's, its network's) in one batch: each later use counts only when the one before it
-- carries the same id, and a batch whose last use did not count takes the earlier ones back.
ALTER TABLE budgets ADD COLUMN last_use TEXT;

-- When the order's shillings were fixed (kes_amount at kes_rate_x100). A retry older than 15
-- minutes is priced again at the day's rate; NULL (orders before this migration): created_at.
ALTER TABLE orders ADD COLUMN kes_priced_at TEXT;

-- Set while a prompt for this order is being sent: of two retries at once, one sends.
ALTER TABLE orders ADD COLUMN prompt_claimed_at TEXT;
