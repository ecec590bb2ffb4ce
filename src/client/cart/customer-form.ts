import { type CustomerInfo, customerInfoSchema } from "../../schemas/customer-info.ts";

export type CustomerField = keyof CustomerInfo;
export type FieldErrors = Partial<Record<CustomerField, string>>;
/** What the form holds: every field a string, company included (the schema lets it be empty). */
export type CustomerValues = Record<CustomerField, string>;

export type Validation = { ok: true; data: CustomerInfo } | { ok: false; errors: FieldErrors };

/** Validates the form with the shared schema; each field gets the first message the schema gives it. */
export function validateCustomer(values: CustomerValues): Validation {
  const result = customerInfoSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as CustomerField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
