import { lazyOnce } from "../lib/lazy-once.ts";
import { z } from "../lib/zod.ts";
import { cartServicesSchema } from "./cart-item-schema.ts";
import { customerInfoSchema } from "./customer-info-schema.ts";

/** Body of POST /create-custom-payment (spec section 7), built on first use. */
export const paymentRequestSchema = lazyOnce(() =>
  z.strictObject(
    {
      services: cartServicesSchema(),
      customerInfo: customerInfoSchema(),
    },
    {
      // Unknown top-level fields keep zod's own message, which names the field.
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? undefined
          : "The order must be a JSON object with services and customerInfo",
    },
  ),
);

export type PaymentRequest = z.infer<ReturnType<typeof paymentRequestSchema>>;

/** Successful answer of POST /create-custom-payment. */
export type PaymentResponse = { url: string };

/** Every error answer of the site's JSON endpoints. */
export type ApiError = { error: string; issues?: { path: string; message: string }[] };
