import { allowOnly, checkUrl, requiredString, text } from "./checkout-params.ts";
import type { FormObject } from "./form.ts";

export type PortalParams = { customer: string; returnUrl: string | null };

/** POST /v1/billing_portal/sessions, checked as Stripe checks the parameters this site sends. */
export function validatePortalParams(form: FormObject): PortalParams {
  allowOnly(form, ["customer", "return_url"], "");
  const customer = requiredString(form, "customer", "customer");
  const returnUrl = form.return_url === undefined ? null : checkUrl(text(form.return_url, "return_url"), "return_url");
  return { customer, returnUrl };
}
