/** Each field's message, when a form's values fail its schema. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FieldValidation<T, F extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/** What a schema's `safeParse` answers (zod's shape, kept structural so the schemas may change how they are built). */
type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** A form's values checked by a schema: the data, or each field's first message (the issue's first path segment names it). */
export function fieldValidation<T, F extends string>(result: ParseResult<T>): FieldValidation<T, F> {
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
