/**
 * The secret path segment of the C2B addresses (MPESA_C2B_PATH_SECRET, docs/paybill.md). Daraja's
 * C2B calls are not signed: the unguessable address is what keeps a stranger from posting
 * "payments". The worker's routes and `npm run mpesa:register` judge it by the same rule.
 */
import { paybillC2bPaths } from "../paths.ts";
import { checkPathSecret, darajaRefusedWordIn, type SecretCheck } from "../security/path-secret.ts";

/** Whether the secret is usable, or what is wrong with it (for a log line or the command's output). */
export function checkC2bSecret(value: string | undefined): SecretCheck {
  return checkPathSecret("MPESA_C2B_PATH_SECRET", value);
}

export type C2bUrls = { validationUrl: string; confirmationUrl: string };

/** The validation and confirmation URLs on the site's origin, or why Daraja would refuse them. */
export function c2bUrls(origin: string, secret: string): { ok: true; urls: C2bUrls } | { ok: false; problem: string } {
  const paths = paybillC2bPaths(secret);
  const urls = { validationUrl: `${origin}${paths.validate}`, confirmationUrl: `${origin}${paths.confirm}` };
  const word = darajaRefusedWordIn(`${urls.validationUrl} ${urls.confirmationUrl}`);
  if (word) return { ok: false, problem: `The site's address contains "${word}", which Daraja refuses in a URL` };
  return { ok: true, urls };
}
