import { MpesaPhoneField } from "../../components/MpesaPhoneField.tsx";
import { mpesaCopy as copy } from "../../mpesa/mpesa-copy.ts";
import type { MpesaTerms } from "../../mpesa/mpesa-payment-schema.ts";

export type PaymentMethod = "card" | "mpesa";

/**
 * "How would you like to pay?": Card or M-Pesa, shown only when the worker offers M-Pesa. With
 * M-Pesa: the Safaricom number, the rate and the shillings to be paid, before the buyer confirms,
 * and for a cart with a monthly plan how its later months are billed.
 */
export function MpesaChoice({
  terms,
  method,
  onMethod,
  monthly,
  kes,
  phone,
  onPhone,
  phoneError,
}: {
  terms: Extract<MpesaTerms, { available: true }>;
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  /** The plan's monthly price ("$150.00"), when the cart has one. */
  monthly: string | null;
  kes: number;
  phone: string;
  onPhone: (phone: string) => void;
  phoneError: string | undefined;
}) {
  const radio = (value: PaymentMethod) => (
    <label className="flex flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-3 text-sm font-semibold text-slate-900 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
      <input
        type="radio"
        name="payment-method"
        value={value}
        checked={method === value}
        onChange={() => onMethod(value)}
        className="size-4 accent-brand-700"
      />
      {copy.methods[value]}
    </label>
  );
  return (
    <fieldset className="mt-8">
      <legend className="text-sm font-medium text-slate-800">{copy.methodLegend}</legend>
      <div className="mt-2 flex gap-3">
        {radio("card")}
        {radio("mpesa")}
      </div>
      {method === "mpesa" && (
        <div className="mt-4 space-y-3">
          <MpesaPhoneField
            id="checkout-mpesa-phone"
            name="mpesa-phone"
            value={phone}
            onChange={onPhone}
            error={phoneError}
          />
          <p className="text-sm text-slate-700">{copy.rateLine(terms.rateX100, terms.setOn)}</p>
          {kes > terms.maxKes ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {copy.overLimit(kes)}
            </p>
          ) : (
            <p className="text-base font-semibold text-slate-900">{copy.amountLine(kes)}</p>
          )}
          {monthly && <p className="text-sm text-slate-700">{copy.planTerms(monthly)}</p>}
        </div>
      )}
    </fieldset>
  );
}
