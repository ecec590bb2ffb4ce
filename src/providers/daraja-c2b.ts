/**
 * Daraja's C2B Register URL (developer.safaricom.co.ke, Customer To Business): tells M-Pesa where
 * to send the validation and confirmation of every paybill payment to MPESA_SHORTCODE. `npm run
 * mpesa:register` calls it (scripts/mpesa-register/); the worker serves the two URLs
 * (paybill/paybill-routes.ts). docs/paybill.md.
 *
 * Version 2 of the API: its calls carry the payer's number masked ("2547 ***** 126"); version 1's
 * carry a SHA-256 of it. ResponseType "Completed": when our validation cannot be reached in time,
 * M-Pesa completes the payment and the confirmation follows, so an outage of ours never turns a
 * buyer away. In production Safaricom registers a shortcode's URLs once; changing them means
 * deleting them on the Daraja portal first (its "Urls are already registered" error says so).
 */
import { isCallbackUrl, readConfig } from "./daraja.ts";
import { darajaFetch, describeDarajaError, MpesaProviderError, MpesaRefusedError } from "./daraja-http.ts";
import { accessToken } from "./daraja-token.ts";

const C2B_REGISTER_PATH = "/mpesa/c2b/v2/registerurl";
const TIMEOUT_MS = 15_000;

export type C2bRegistration = { validationUrl: string; confirmationUrl: string };

/** Daraja's answer: `{ OriginatorCoversationID, ResponseCode: "0", ResponseDescription: "Success" }`. */
export type C2bRegistered = { originatorConversationId: string; description: string };

/**
 * Registers the two URLs for the configured shortcode. Throws MpesaNotConfiguredError (settings),
 * MpesaRefusedError (URLs Daraja would refuse, or Daraja refusing them) or MpesaProviderError.
 */
export async function registerC2bUrls(env: object, urls: C2bRegistration): Promise<C2bRegistered> {
  const config = readConfig(env);
  for (const url of [urls.validationUrl, urls.confirmationUrl]) {
    if (!isCallbackUrl(url, config.loopback)) throw new MpesaRefusedError(`Not registered: ${url} is not https`);
  }
  const token = await accessToken(config, () => new Date(), TIMEOUT_MS);
  const answer = await darajaFetch(`${config.base}${C2B_REGISTER_PATH}`, "C2B register URL", TIMEOUT_MS, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      ShortCode: config.shortcode,
      ResponseType: "Completed",
      ConfirmationURL: urls.confirmationUrl,
      ValidationURL: urls.validationUrl,
    }),
  });
  const { body } = answer;
  if (answer.status === 200 && String(body.ResponseCode) === "0") {
    return {
      // Daraja spells it "Coversation"; a later fix may not.
      originatorConversationId: String(body.OriginatorCoversationID ?? body.OriginatorConversationID ?? ""),
      description: String(body.ResponseDescription ?? ""),
    };
  }
  const message = describeDarajaError(answer, "C2B register URL");
  throw answer.status >= 400 && answer.status < 500 ? new MpesaRefusedError(message) : new MpesaProviderError(message);
}
