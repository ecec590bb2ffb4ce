/**
 * The seller's tax identity, as every quote, receipt and tax invoice prints it: our KRA PIN
 * (ETIMS_TIN) and whether our prices include VAT (VAT_REGISTERED).
 */
import { stringBinding } from "../http/bindings.ts";
import { normaliseKraPin } from "../lib/kra-pin.ts";
import { type VatStatus, vatStatus } from "./vat.ts";

export type SellerTaxIdentity = { kraPin: string | null; vat: VatStatus };

export function sellerTaxIdentity(env: Env): SellerTaxIdentity {
  const pin = normaliseKraPin(stringBinding(env, "ETIMS_TIN") ?? "");
  return { kraPin: pin || null, vat: vatStatus(env) };
}
