import { useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { FieldErrors, FieldValidation } from "../../client/field-errors.ts";

/** The form's schema check if it has loaded (it loads on first touch), for messages that follow the typing. */
type LoadedValidator<F extends string> = () => ((values: Record<F, string>) => FieldValidation<unknown, F>) | null;

export type FieldForm<F extends string> = {
  values: Record<F, string>;
  errors: FieldErrors<F>;
  change: (field: F, value: string) => void;
  /** A submit's messages: shown, the first invalid field focused, and from then on they follow the typing. */
  showErrors: (found: FieldErrors<F>) => void;
  /** Only `fields`' messages become `found`'s (the others stay); the first of them invalid is focused. */
  updateErrors: (found: FieldErrors<F>, fields: readonly F[]) => void;
  clearErrors: () => void;
  focus: (field: F) => void;
  /** Keeps each field's input, so a message can move focus to it. */
  inputRef: (field: F) => (element: HTMLInputElement | null) => void;
};

/**
 * The state of a form of text fields checked by a schema (the checkout's customer form, the quote
 * dialog): values, messages and where focus goes. `fields` gives the order "first invalid" follows.
 */
export function useFieldForm<F extends string>(
  initial: Record<F, string>,
  fields: readonly { name: F }[],
  loadedValidator: LoadedValidator<F>,
): FieldForm<F> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef(new Map<F, HTMLInputElement>());

  const focus = (field: F) => inputs.current.get(field)?.focus();

  // Focus on the first invalid field reads out its message (aria-describedby).
  const focusFirst = (found: FieldErrors<F>, names: readonly F[]) => {
    const first = names.find((name) => found[name]);
    if (first) focus(first);
  };

  const change = (field: F, value: string) => {
    const next = { ...values, [field]: value } as Record<F, string>;
    setValues(next);
    // Messages first appear on submit (appearing on blur would shift the button under a click);
    // from then on they follow the typing, so fixing a field clears its message.
    if (submitted || errors[field]) {
      const result = loadedValidator()?.(next);
      setErrors((current) => ({ ...current, [field]: result && !result.ok ? result.errors[field] : undefined }));
    }
  };

  const showErrors = (found: FieldErrors<F>) => {
    setSubmitted(true);
    flushSync(() => setErrors(found));
    focusFirst(
      found,
      fields.map((field) => field.name),
    );
  };

  const updateErrors = (found: FieldErrors<F>, names: readonly F[]) => {
    flushSync(() =>
      setErrors((current) => {
        const next = { ...current };
        for (const name of names) next[name] = found[name];
        return next;
      }),
    );
    focusFirst(found, names);
  };

  const inputRef = (field: F) => (element: HTMLInputElement | null) => {
    if (element) inputs.current.set(field, element);
    else inputs.current.delete(field);
  };

  return { values, errors, change, showErrors, updateErrors, clearErrors: () => setErrors({}), focus, inputRef };
}
