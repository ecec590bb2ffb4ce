import { type QuoteCustomerInput, quoteCustomerSchema } from "../../schemas/quote-request.ts";

export type QuoteField = keyof QuoteCustomerInput;
export type QuoteFieldErrors = Partial<Record<QuoteField, string>>;
/** What a form holds: every field a string, company included (the schema lets it be empty). */
export type QuoteValues = Record<QuoteField, string>;

export type QuoteValidation = { ok: true; data: QuoteCustomerInput } | { ok: false; errors: QuoteFieldErrors };

/** Checks name, e-mail and company with the worker's own schema; each field gets its first message. */
export function validateQuoteCustomer(values: QuoteValues): QuoteValidation {
  const result = quoteCustomerSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: QuoteFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as QuoteField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
