import { parseKesRate } from "../lib/kes.ts";
import { getSetting, putSetting } from "./setting-queries.ts";

/** The settings key of the owner's rate. */
const KES_RATE_KEY = "kes_rate";

/**
 * The KES-per-USD rate M-Pesa payments use: the owner's, as set in the back office with its date,
 * or else the KES_PER_USD var (with no date). null when neither is a usable rate: M-Pesa is then
 * not offered, since no shilling amount could be named.
 */
export type KesRate = { rateX100: number; setAt: string | null; setBy: string | null };

export async function currentKesRate(env: Env): Promise<KesRate | null> {
  const row = await getSetting(env.DB, KES_RATE_KEY);
  const owners = row ? parseKesRate(row.value) : null;
  if (row && owners !== null) return { rateX100: owners, setAt: row.updated_at, setBy: row.updated_by };
  const configured: unknown = Reflect.get(env, "KES_PER_USD");
  const fallback = typeof configured === "string" ? parseKesRate(configured) : null;
  return fallback === null ? null : { rateX100: fallback, setAt: null, setBy: null };
}

/** Sets the owner's rate, audited in the same batch. The caller has checked it with parseKesRate. */
export function setKesRate(env: Env, rateX100: number, actor: string): Promise<void> {
  return putSetting(env.DB, KES_RATE_KEY, String(rateX100 / 100), actor);
}
