-- A delivery claims an outbox row before sending it (issue 21), so two deliveries of one row (the
-- queue's redelivery, the sweep's hand-over, the owner's Resend) send it once: one UPDATE takes the
-- claim only while the row is queued and no other claim holds (src/mail/outbox.ts, claimOutbox).
-- A random token per claim: only the delivery that holds it may mark the row sent.
ALTER TABLE outbox ADD COLUMN claim_token TEXT;
-- Until when the claim holds (UTC text, as the other times). A delivery that died mid-send leaves it
-- behind; once it has passed, the next delivery claims the row again and sends it.
ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
