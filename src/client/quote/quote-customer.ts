import { type QuoteCustomerInput, quoteCustomerSchema } from "../../quotes/quote-request-schema.ts";
import { type FieldErrors, type FieldValidation, fieldValidation } from "../field-errors.ts";

export type QuoteField = keyof QuoteCustomerInput;
export type QuoteFieldErrors = FieldErrors<QuoteField>;
/** What a form holds: every field a string, company and KRA PIN included (the schema lets them be empty). */
export type QuoteValues = Record<QuoteField, string>;

/** Checks name, e-mail, company and KRA PIN with the worker's own schema; each field gets its first message. */
export function validateQuoteCustomer(values: QuoteValues): FieldValidation<QuoteCustomerInput, QuoteField> {
  return fieldValidation(quoteCustomerSchema().safeParse(values));
}
