import { randomBytes } from "node:crypto";
import { fixture } from "./fixtures.ts";
import { randomId, unixNow } from "./sessions.ts";

export type StoredCustomer = {
  id: string;
  created: number;
  email: string | null;
  currency: string;
  invoicePrefix: string;
  /** The next invoice's number within this customer's prefix, as Stripe counts them. */
  nextInvoiceSequence: number;
};

/** The customer Checkout creates in subscription mode, from the e-mail the session was given. */
export function newCustomer(email: string | null, currency: string): StoredCustomer {
  return {
    id: randomId("cus"),
    created: unixNow(),
    email,
    currency,
    invoicePrefix: randomBytes(4).toString("hex").toUpperCase(),
    nextInvoiceSequence: 1,
  };
}

export function customerJson(customer: StoredCustomer) {
  return {
    ...fixture("customer"),
    id: customer.id,
    created: customer.created,
    currency: customer.currency,
    discount: null,
    email: customer.email,
    invoice_prefix: customer.invoicePrefix,
    livemode: false,
    metadata: {},
    next_invoice_sequence: customer.nextInvoiceSequence,
    shipping: null,
  };
}
