/** Stripe events already handled, so a replayed delivery changes nothing (migrations/0001). */

export async function isEventHandled(db: D1Database, eventId: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM stripe_events WHERE event_id = ?").bind(eventId).first()) !== null;
}

/** Records a handled event; recording one twice keeps the first. */
export async function recordHandledEvent(
  db: D1Database,
  eventId: string,
  type: string,
  orderId: string | null,
): Promise<void> {
  await db
    .prepare("INSERT OR IGNORE INTO stripe_events (event_id, type, order_id) VALUES (?, ?, ?)")
    .bind(eventId, type, orderId)
    .run();
}
