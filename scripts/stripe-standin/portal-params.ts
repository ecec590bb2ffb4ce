import type { FormObject } from "./form.ts";
import { allowOnly, checkUrl, requiredString, text } from "./params.ts";

export type PortalParams = { customer: string; returnUrl: string | null; configuration: string | null };

/** POST /v1/billing_portal/sessions, checked as Stripe checks the parameters this site sends. */
export function validatePortalParams(form: FormObject): PortalParams {
  allowOnly(form, ["customer", "return_url", "configuration"], "");
  const customer = requiredString(form, "customer", "customer");
  const returnUrl = form.return_url === undefined ? null : checkUrl(text(form.return_url, "return_url"), "return_url");
  const configuration =
    form.configuration === undefined ? null : requiredString(form, "configuration", "configuration");
  return { customer, returnUrl, configuration };
}
