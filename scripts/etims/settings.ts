// The ETIMS_* settings the eTIMS commands read: the environment first, else .dev.vars (as
// `npm run stripe:sync` reads its key), so the same secrets serve the worker and the commands.
import { devVarsSettings } from "../lib/dev-vars-settings.ts";

const NAMES = [
  "ETIMS_TIN",
  "ETIMS_BRANCH_ID",
  "ETIMS_DEVICE_SERIAL",
  "ETIMS_CMC_KEY",
  "ETIMS_ENV",
  "ETIMS_API_BASE",
  "ETIMS_CONSUMER_KEY",
  "ETIMS_CONSUMER_SECRET",
] as const;

export function etimsSettings(env: Record<string, string | undefined> = process.env): Record<string, string> {
  return devVarsSettings(NAMES, env);
}
