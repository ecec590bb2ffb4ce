import { cartServicesSchema } from "../checkout/cart-item-schema.ts";
import { customerInfoSchema } from "../checkout/customer-info-schema.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { normaliseSafaricomNumber } from "../lib/safaricom.ts";
import { z } from "../lib/zod.ts";
import { mpesaCopy } from "./mpesa-copy.ts";

const PHONE_MESSAGE = mpesaCopy.phoneInvalid;

const mpesaPhoneSchema = lazyOnce(() =>
  z
    .string({ error: PHONE_MESSAGE })
    .max(40, { message: PHONE_MESSAGE })
    .transform((value, ctx) => {
      const phone = normaliseSafaricomNumber(value);
      if (!phone) ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return phone ?? "";
    }),
);

/** The shillings the buyer was shown: the worker charges only that figure, or says the rate moved. */
const shownKes = () => z.number({ error: "The amount in shillings is missing" }).int().positive().max(10_000_000);

/** POST /mpesa/pay: the cart and the checkout form, as the card payment takes them, plus the number. */
export const mpesaCartPaymentSchema = lazyOnce(() =>
  z.strictObject({
    services: cartServicesSchema(),
    customerInfo: customerInfoSchema(),
    phone: mpesaPhoneSchema(),
    kesAmount: shownKes(),
  }),
);

/** GET /mpesa/terms: whether M-Pesa is offered, and at which rate. */
export type MpesaTerms =
  | { available: false }
  | { available: true; rateX100: number; setOn: string | null; maxKes: number };

/** Successful answer of the M-Pesa payment endpoints: the waiting page. */
export type MpesaStarted = { url: string };

/** GET /mpesa/<order>/status. */
export type MpesaStatus = { state: "pending" | "paid" | "failed"; message: string };
