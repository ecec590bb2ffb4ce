import type { FieldForm } from "../form/use-field-form.ts";

/** What a field shows: the checkout's customer fields, and the written quote's name, e-mail, company and KRA PIN. */
type FieldSpec = {
  name: string;
  label: string;
  required: boolean;
  type: "text" | "email" | "tel";
  autoComplete: string;
  /** Shares a row with its neighbour from the small-tablet width up. */
  half?: boolean;
  maxLength?: number | undefined;
  /** Off for a code (a KRA PIN) that a spelling checker would only mark as wrong. */
  spellCheck?: boolean | undefined;
  autoCapitalize?: "characters" | undefined;
};

const inputBase =
  "mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 sm:text-sm";

/** One labelled input, with its message under it when it is invalid. */
function CheckoutField({
  field,
  idPrefix = "checkout",
  value,
  error,
  onChange,
  inputRef,
}: {
  field: FieldSpec;
  idPrefix?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputRef: (element: HTMLInputElement | null) => void;
}) {
  const id = `${idPrefix}-${field.name}`;
  const errorId = `${id}-error`;
  return (
    <div className={field.half ? "sm:col-span-1" : "sm:col-span-2"}>
      {/* The asterisk sits outside the <label> so the field's name is exactly its label. */}
      <div className="flex gap-0.5 text-sm font-medium">
        <label htmlFor={id} className="text-slate-800">
          {field.label}
        </label>
        {field.required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
      </div>
      <input
        ref={inputRef}
        id={id}
        name={field.name}
        type={field.type}
        autoComplete={field.autoComplete}
        maxLength={field.maxLength}
        spellCheck={field.spellCheck}
        autoCapitalize={field.autoCapitalize}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-required={field.required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputBase} ${error ? "border-red-600 ring-1 ring-red-600" : "border-slate-300 focus:border-brand-600"}`}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The checkout form's fields (or the quote dialog's: `idPrefix` keeps ids apart) in their grid,
 * each showing the form's value and message.
 */
export function CheckoutFields<F extends string>({
  fields,
  form,
  idPrefix,
  className,
}: {
  fields: readonly (FieldSpec & { name: F })[];
  form: FieldForm<F>;
  idPrefix?: string;
  className: string;
}) {
  return (
    <div className={className}>
      {fields.map((field) => (
        <CheckoutField
          key={field.name}
          field={field}
          idPrefix={idPrefix}
          value={form.values[field.name]}
          error={form.errors[field.name]}
          onChange={(value) => form.change(field.name, value)}
          inputRef={form.inputRef(field.name)}
        />
      ))}
    </div>
  );
}
