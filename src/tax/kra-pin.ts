/**
 * A buyer's KRA PIN: optional (a person without a business has none), a letter, nine digits and a
 * letter in any case, stored upper-cased. One schema for the checkout, the quote dialog, the
 * M-Pesa forms and the owner's correction.
 */
import { normaliseKraPin } from "../lib/kra-pin.ts";
import { z } from "../lib/zod.ts";

export const KRA_PIN_MESSAGE = "Enter your KRA PIN like P051234567X, or leave it empty";

/** The optional `kraPin` field: absent, null or empty → undefined; a PIN → upper-cased; anything else → KRA_PIN_MESSAGE. */
export const kraPinField = () =>
  z
    .unknown()
    .transform((value, ctx): string | undefined => {
      if (value === undefined || value === null) return undefined;
      const pin = typeof value === "string" && value.length <= 40 ? normaliseKraPin(value) : null;
      if (pin === null) {
        ctx.addIssue({ code: "custom", message: KRA_PIN_MESSAGE });
        return z.NEVER;
      }
      return pin === "" ? undefined : pin;
    })
    .optional();
