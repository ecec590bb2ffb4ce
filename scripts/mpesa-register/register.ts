// `npm run mpesa:register`'s work (docs/paybill.md): from the MPESA_* settings, SITE_URL and
// MPESA_C2B_PATH_SECRET, the validation and confirmation URLs, checked as the worker checks its
// secret and as Daraja checks a URL, then registered with Daraja's C2B Register URL for
// MPESA_SHORTCODE. MPESA_API_BASE (loopback only) points it at the stand-in.

import { PAYBILL_C2B_PREFIX } from "../../src/paths.ts";
import { c2bUrls, checkC2bSecret } from "../../src/paybill/c2b-secret.ts";
import { MpesaNotConfiguredError, readConfig } from "../../src/providers/daraja.ts";
import { type C2bRegistered, registerC2bUrls } from "../../src/providers/daraja-c2b.ts";

/** Every setting the command reads. */
export const REGISTER_SETTINGS = [
  "MPESA_CONSUMER_KEY",
  "MPESA_CONSUMER_SECRET",
  "MPESA_SHORTCODE",
  "MPESA_PASSKEY",
  "MPESA_ENV",
  "MPESA_API_BASE",
  "MPESA_C2B_PATH_SECRET",
  "SITE_URL",
] as const;

/** Where `npm start` serves the site: the stand-in calls it there when SITE_URL is unset. */
const LOCAL_SITE_URL = "http://127.0.0.1:8787";

/** A configuration the command refuses to run with; the message says what to fix. */
export class RegisterConfigError extends Error {
  override name = "RegisterConfigError";
}

/** The site's origin: SITE_URL (https), or npm start's address when talking to the stand-in. */
function siteOrigin(settings: Record<string, string>, loopback: boolean): string {
  const value = settings.SITE_URL;
  if (!value) {
    if (loopback) return LOCAL_SITE_URL;
    throw new RegisterConfigError("SITE_URL is not set: Daraja must be given the site's public address (https://…).");
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RegisterConfigError("SITE_URL is not a URL.");
  }
  if (url.protocol !== "https:" && !loopback)
    throw new RegisterConfigError("SITE_URL must be https: Daraja calls https only.");
  return url.origin;
}

/** An address with its secret segment hidden, for printing (the secret is the only lock on the URL). */
export const withoutSecret = (url: string): string =>
  url.replace(new RegExp(`(${PAYBILL_C2B_PREFIX}/)[^/]+`), "$1<MPESA_C2B_PATH_SECRET>");

export type RegisterPlan = { shortcode: string; base: string; validationUrl: string; confirmationUrl: string };

/** What would be registered, checked; throws RegisterConfigError when a setting will not do. */
export function registerPlan(settings: Record<string, string>): RegisterPlan {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(settings);
  } catch (err) {
    if (err instanceof MpesaNotConfiguredError) throw new RegisterConfigError(`${err.message}.`);
    throw err;
  }
  const secret = checkC2bSecret(settings.MPESA_C2B_PATH_SECRET);
  if (!secret.ok) throw new RegisterConfigError(`${secret.problem}.`);
  const urls = c2bUrls(siteOrigin(settings, config.loopback), secret.secret);
  if (!urls.ok) throw new RegisterConfigError(`${urls.problem}.`);
  return { shortcode: config.shortcode, base: config.base, ...urls.urls };
}

/** Registers the plan's URLs with Daraja; throws MpesaRefusedError or MpesaProviderError when Daraja will not. */
export function registerUrls(settings: Record<string, string>, plan: RegisterPlan): Promise<C2bRegistered> {
  return registerC2bUrls(settings, { validationUrl: plan.validationUrl, confirmationUrl: plan.confirmationUrl });
}
