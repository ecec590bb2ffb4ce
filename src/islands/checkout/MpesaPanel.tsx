import { type RefObject, useEffect, useState } from "react";
import type { CustomerInfo } from "../../checkout/customer-info-schema.ts";
import type { CartItems } from "../../client/cart/store.ts";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { kesAmount } from "../../lib/kes.ts";
import { formatMoney } from "../../lib/money.ts";
import { normaliseSafaricomNumber } from "../../lib/safaricom.ts";
import { mpesaCopy } from "../../mpesa/mpesa-copy.ts";
import { MpesaChoice, type PaymentMethod } from "./MpesaChoice.tsx";
import { useMpesa } from "./use-mpesa.ts";

/** What the form calls on submit once its own fields are valid, when M-Pesa is the chosen way. */
export type MpesaPay = (items: CartItems, customer: CustomerInfo) => void;

/**
 * Everything M-Pesa on /checkout, loaded after the form (it is not part of the page's first load):
 * asks whether M-Pesa is offered, shows the choice, the number, the rate and the shillings, its own
 * Pay button, and pays when the form hands it a valid customer.
 */
export function MpesaPanel({
  totalCents,
  monthlyCents,
  method,
  onMethod,
  payRef,
}: {
  totalCents: number;
  monthlyCents: number;
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  payRef: RefObject<MpesaPay | null>;
}) {
  const mpesa = useMpesa();
  const [phone, setPhone] = useState("");
  const [phoneError, setPhoneError] = useState<string>();
  const terms = mpesa.terms?.available ? mpesa.terms : null;
  const byMpesa = terms !== null && method === "mpesa";
  const kes = terms ? kesAmount(totalCents, terms.rateX100) : 0;
  const overLimit = terms !== null && kes > terms.maxKes;

  // A site that stops offering M-Pesa falls back to the card.
  useEffect(() => {
    if (method === "mpesa" && !byMpesa) onMethod("card");
  }, [method, byMpesa, onMethod]);

  useEffect(() => {
    payRef.current = (items, customer) => {
      const number = normaliseSafaricomNumber(phone);
      setPhoneError(number ? undefined : mpesaCopy.phoneInvalid);
      if (number && !overLimit) void mpesa.pay(items, customer, number, kes);
    };
    return () => {
      payRef.current = null;
    };
  }, [payRef, phone, overLimit, kes, mpesa]);

  if (!terms) return null;
  return (
    <>
      <MpesaChoice
        terms={terms}
        method={method}
        onMethod={onMethod}
        monthly={monthlyCents > 0 ? formatMoney(monthlyCents) : null}
        kes={kes}
        phone={phone}
        onPhone={setPhone}
        phoneError={phoneError}
      />
      {byMpesa && (
        <button
          type="submit"
          disabled={mpesa.sending || overLimit}
          className={`${buttonClass("primary")} mt-8 w-full cursor-pointer disabled:cursor-not-allowed disabled:opacity-70`}
        >
          {mpesa.sending ? mpesaCopy.sending : mpesaCopy.payButton(kes)}
        </button>
      )}
    </>
  );
}
