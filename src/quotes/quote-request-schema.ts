import { cartServicesSchema } from "../checkout/cart-item-schema.ts";
import { customerInfoSchema } from "../checkout/customer-info-schema.ts";
import { lazyOnce } from "../lib/lazy-once.ts";
import { z } from "../lib/zod.ts";

/**
 * Who a written quote is for: the checkout form's own name, e-mail, company and KRA PIN fields, with
 * its messages, so /checkout can reuse what the buyer typed and the worker answers in the same words.
 */
export const quoteCustomerSchema = lazyOnce(() =>
  customerInfoSchema().pick({ name: true, email: true, company: true, kraPin: true }),
);

export type QuoteCustomerInput = z.infer<ReturnType<typeof quoteCustomerSchema>>;

/** Body of POST /quote from the islands: the cart as the payment endpoint takes it, and the customer. */
export const quoteRequestSchema = lazyOnce(() =>
  z.strictObject(
    {
      services: cartServicesSchema(),
      customer: quoteCustomerSchema(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? undefined
          : "The quote request must be a JSON object with services and customer",
    },
  ),
);

export type QuoteRequest = z.infer<ReturnType<typeof quoteRequestSchema>>;
