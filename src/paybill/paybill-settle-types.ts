import type { Assigning } from "./paybill-queries.ts";

/** A confirmation that matched, or the owner assigning a kept one. */
export type SettleMode = { kind: "confirmation" } | { kind: "assignment"; assigning: Assigning };

/** What a settled paybill payment did: the order it went to, whether it became paid, any excess (KES cents). */
export type Settlement = { orderId: string; becamePaid: boolean; excessCents: number | null };
