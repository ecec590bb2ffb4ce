/** What an erased contact detail reads as: never an address, so nothing is ever sent to it. */
export const ERASED = "[erased]";

/**
 * The SET clause of an UPDATE on outbox that erases an e-mail about a person: the body goes (JSON
 * null, `body_cleared_at` kept if already set), the subject too, and the recipient where it is the
 * person (`isPerson`, SQL on the outbox row); an e-mail to the owner keeps the owner's address.
 * `at` and `erased` are the statement's placeholders for the time and for ERASED.
 */
export function erasedMailSet(at: string, erased: string, isPerson: string): string {
  return `payload = 'null', body_cleared_at = COALESCE(body_cleared_at, ${at}), subject = ${erased},
    recipient = CASE WHEN ${isPerson} THEN ${erased} ELSE recipient END`;
}
