import { mpesaCopy } from "../mpesa/mpesa-copy.ts";

const inputBase =
  "mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-600 sm:text-sm";

/** Components compile without the DOM's types (they render on the server too): the input's text. */
const typedText = (target: unknown): string => String((target as { value?: unknown }).value ?? "");

/**
 * The Safaricom number an M-Pesa prompt goes to, with its hint (or its error): the same field on
 * /checkout (an island, controlled), a quote's page and the waiting page (plain forms).
 */
export function MpesaPhoneField({
  id,
  name,
  value,
  defaultValue,
  onChange,
  error,
}: {
  id: string;
  name: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: string | undefined;
}) {
  const note = error ? `${id}-error` : `${id}-hint`;
  return (
    <div className="text-left">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {mpesaCopy.phoneLabel}
      </label>
      <input
        id={id}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        {...(onChange ? { value, onChange: (event) => onChange(typedText(event.target)) } : { defaultValue })}
        aria-invalid={error ? true : undefined}
        aria-describedby={note}
        className={`${inputBase} ${error ? "border-red-600 ring-1 ring-red-600" : "border-slate-300"}`}
      />
      <p id={note} className={`mt-1.5 text-sm ${error ? "text-red-700" : "text-slate-600"}`}>
        {error ?? mpesaCopy.phoneHint}
      </p>
    </div>
  );
}
