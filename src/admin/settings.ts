/**
 * The back office's Settings: the KES-per-USD rate M-Pesa payments are charged at, when and by whom
 * it was set, and its history. Setting it writes the value and its audit row in one batch
 * (db/settings.ts).
 */
import { auditFor } from "../db/admin-actions.ts";
import type { AuditRow } from "../db/schema.ts";
import { KES_RATE_MAX_X100, KES_RATE_MIN_X100, parseKesRate } from "../lib/kes.ts";
import { currentKesRate, type KesRate, setKesRate } from "../payments/kes-rate.ts";

/** The audit trail's subject for the rate: the settings key putSetting audits under. */
const RATE_SUBJECT = "kes_rate";

/** How many of the rate's past changes the page lists. */
const RATE_HISTORY_LIMIT = 20;

export type SettingsView = {
  rate: KesRate | null;
  history: AuditRow[];
  bounds: { min: number; max: number };
};

export async function settingsView(env: Env): Promise<SettingsView> {
  const [rate, history] = await Promise.all([
    currentKesRate(env),
    auditFor(env.DB, "setting", RATE_SUBJECT, RATE_HISTORY_LIMIT),
  ]);
  return { rate, history, bounds: { min: KES_RATE_MIN_X100, max: KES_RATE_MAX_X100 } };
}

/** Sets the owner's rate from the form's text: its hundredths when saved, null when it is not a rate. */
export async function saveKesRate(env: Env, text: string, actor: string): Promise<number | null> {
  const rateX100 = parseKesRate(text);
  if (rateX100 === null) return null;
  await setKesRate(env, rateX100, actor);
  return rateX100;
}
