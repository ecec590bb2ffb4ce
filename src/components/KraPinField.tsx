import { kraPinInput } from "../checkout/checkout-copy.ts";

const inputClass =
  "mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-600 sm:text-sm";

/**
 * The buyer's KRA PIN in a plain form (a quote's M-Pesa form works without scripts), starting with
 * the PIN already known. A bad one is answered by the page the form posts to, not here.
 */
export function KraPinField({ id, defaultValue, hint }: { id: string; defaultValue: string | null; hint: string }) {
  return (
    <div className="text-left">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {kraPinInput.label}
      </label>
      <input
        id={id}
        name="kraPin"
        type="text"
        autoComplete={kraPinInput.autoComplete}
        maxLength={kraPinInput.maxLength}
        spellCheck={kraPinInput.spellCheck}
        autoCapitalize={kraPinInput.autoCapitalize}
        defaultValue={defaultValue ?? ""}
        aria-describedby={`${id}-hint`}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );
}
