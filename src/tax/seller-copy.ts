import { company } from "../site/company-copy.ts";
import { taxCopy } from "./tax-copy.ts";

/**
 * The company's registration as quotes and receipts print it, with our KRA PIN once one is set.
 * Apart from tax-copy.ts, which the checkout's bundle carries: the company's details stay out of it.
 */
export const sellerRegistration = (pin: string | null): string =>
  pin
    ? `Registration No. ${company.registrationNumber} · ${taxCopy.kraPin(pin)}`
    : `Registration No. ${company.registrationNumber}`;
