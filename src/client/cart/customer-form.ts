import { type CustomerInfo, customerInfoSchema } from "../../checkout/customer-info-schema.ts";
import { type FieldValidation, fieldValidation } from "../field-errors.ts";

export type CustomerField = keyof CustomerInfo;
/** What the form holds: every field a string, company and KRA PIN included (the schema lets them be empty). */
export type CustomerValues = Record<CustomerField, string>;

/** Validates the form with the shared schema; each field gets the first message the schema gives it. */
export function validateCustomer(values: CustomerValues): FieldValidation<CustomerInfo, CustomerField> {
  return fieldValidation(customerInfoSchema().safeParse(values));
}
