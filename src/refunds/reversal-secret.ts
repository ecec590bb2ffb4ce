/**
 * The secret path segment of the reversal's ResultURL and QueueTimeOutURL (MPESA_RESULT_PATH_SECRET,
 * docs/refunds.md). Daraja's results are not signed: the unguessable address is the first thing that
 * keeps a stranger from posting "results", judged by the same rule as the C2B addresses' secret.
 */
import { stringBinding } from "../http/bindings.ts";
import { reversalPaths } from "../paths.ts";
import { checkPathSecret, darajaRefusedWordIn, isOurSecret } from "../security/path-secret.ts";

/** The configured secret, or null (with why, for the log) when it is unset or unusable. */
export function resultPathSecret(env: object): { secret: string } | { problem: string } {
  const check = checkPathSecret("MPESA_RESULT_PATH_SECRET", stringBinding(env, "MPESA_RESULT_PATH_SECRET"));
  return check.ok ? { secret: check.secret } : { problem: check.problem };
}

/** Whether a request's path segment is the configured secret (in constant time); false when none is configured. */
export async function isResultSecret(env: object, given: string): Promise<boolean> {
  const ours = resultPathSecret(env);
  return "secret" in ours && (await isOurSecret(given, ours.secret));
}

/** The result and timeout URLs on the site's origin, or why Daraja would refuse them. */
export function reversalUrls(
  origin: string,
  secret: string,
): { resultUrl: string; timeoutUrl: string } | { problem: string } {
  const paths = reversalPaths(secret);
  const urls = { resultUrl: `${origin}${paths.result}`, timeoutUrl: `${origin}${paths.timeout}` };
  const word = darajaRefusedWordIn(`${urls.resultUrl} ${urls.timeoutUrl}`);
  return word ? { problem: `The site's address contains "${word}", which Daraja refuses in a URL` } : urls;
}
