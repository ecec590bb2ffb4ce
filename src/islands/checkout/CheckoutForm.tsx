import { type FormEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { toast } from "sonner";
import { useCart } from "../../client/cart/CartProvider.tsx";
import type { CustomerField, CustomerValues, FieldErrors } from "../../client/cart/customer-form.ts";
import { openPaymentTab, requestPaymentUrl, sendTabTo } from "../../client/cart/payment.ts";
import type { CartItems } from "../../client/cart/store.ts";
import { loadedValidator, loadValidator } from "../../client/cart/validator.ts";
import type { QuoteFieldErrors } from "../../client/quote/quote-customer.ts";
import { toastRequestFailure } from "../../client/quote/request-failure.ts";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { UiIcon } from "../../components/UiIcon.tsx";
import { checkoutCopy, customerFields } from "../../content/checkout.ts";
import { formatUsd } from "../../lib/money.ts";
import { emptyCustomerInfo } from "../../schemas/customer-defaults.ts";
import type { CustomerInfo } from "../../schemas/customer-info.ts";
import { CheckoutField } from "./CheckoutField.tsx";

const copy = checkoutCopy;
const initialValues: CustomerValues = { ...emptyCustomerInfo, company: "" };

/** The written quote's flow, shared with /custom-quote's dialog: loaded on the first hover, focus or click. */
const loadQuoteDownload = () => import("../../client/quote/download-quote.ts");
const quoteFieldNames = ["name", "email", "company"] as const;

/** Starts loading the form's checks early; a failure here is tried again, and reported, on Pay. */
const preloadValidator = () => void loadValidator().catch(() => {});

/** The form's checks could not load (offline, say): the spec's payment failure toast, and a log. */
function reportLoadFailure(error: unknown): null {
  console.error("Payment processing failed: the checkout form's checks could not load:", error);
  toast.error(copy.toasts.paymentFailed);
  return null;
}

/**
 * The 'Customer Information' form. Submitting validates with the shared schema, opens the payment
 * tab within the click, asks the worker for the payment page and sends the tab there.
 */
export function CheckoutForm({
  total,
  monthly,
  onLeaving,
}: {
  total: number;
  /** What of the total recurs every month; said under Pay before Stripe's page says it. */
  monthly: number;
  onLeaving: () => void;
}) {
  const cart = useCart();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [quoting, setQuoting] = useState(false);
  // State updates land after a render; a second Enter in the same instant must not pay twice.
  const busy = useRef(false);
  const quoteBusy = useRef(false);
  const inputs = useRef(new Map<CustomerField, HTMLInputElement>());

  const errorOf = (next: CustomerValues, field: CustomerField) => {
    const result = loadedValidator()?.(next);
    return !result || result.ok ? undefined : result.errors[field];
  };

  const change = (field: CustomerField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Messages first appear on submit (appearing on blur would shift the button under a click);
    // from then on they follow the typing, so fixing a field clears its message.
    if (submitted || errors[field]) setErrors((current) => ({ ...current, [field]: errorOf(next, field) }));
  };

  const showErrors = (found: FieldErrors) => {
    setSubmitted(true);
    flushSync(() => setErrors(found));
    const first = customerFields.find((field) => found[field.name]);
    if (first) inputs.current.get(first.name)?.focus();
  };

  const pay = async (services: CartItems, customerInfo: CustomerInfo) => {
    const tab = openPaymentTab(copy.form.tabLoading);
    const settle = () => {
      busy.current = false;
      setProcessing(false);
    };
    busy.current = true;
    setProcessing(true);
    try {
      const url = await requestPaymentUrl({ services: [...services], customerInfo });
      if (!url) {
        tab?.close();
        settle();
        return;
      }
      // A blocked popup leaves this tab to go to the payment page; Stripe brings it back to success.
      if (!sendTabTo(tab, url)) {
        window.location.assign(url);
        return;
      }
      onLeaving();
      cart.clear();
      window.location.assign(copy.successPath);
    } catch (error) {
      tab?.close();
      console.error("Payment processing failed:", error);
      toastRequestFailure(copy.toasts.paymentFailed, error);
      settle();
    }
  };

  /** A written quote of the cart for the name, e-mail and company typed so far (the rest may wait). */
  const downloadQuote = async () => {
    if (quoteBusy.current || busy.current) return;
    quoteBusy.current = true;
    setQuoting(true);
    const { name, email, company } = values;
    const outcome = await loadQuoteDownload().then(
      (m) => m.downloadQuote(cart.latest(), { name, email, company }),
      (error: unknown) => {
        console.error("Could not load the quote download:", error);
        toastRequestFailure(copy.form.quote.failed, error);
        return { status: "failed" } as const;
      },
    );
    quoteBusy.current = false;
    setQuoting(false);
    // Only these three fields' messages change; whatever Pay said of the others stays.
    const found: QuoteFieldErrors = outcome.status === "invalid" ? outcome.errors : {};
    flushSync(() =>
      setErrors((current) => {
        const next = { ...current };
        for (const field of quoteFieldNames) next[field] = found[field];
        return next;
      }),
    );
    const first = quoteFieldNames.find((field) => found[field]);
    if (first) inputs.current.get(first)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const items = cart.latest();
    if (!items || items.length === 0) {
      toast.error(copy.toasts.emptyCart);
      return;
    }
    // Loaded on the first focus, so normally synchronous here and the payment tab still opens
    // within the click; awaited only if the visitor submits without ever touching a field, or
    // if that first load failed (it is tried again here, and a failure is said, not swallowed).
    const validate = loadedValidator() ?? (await loadValidator().catch(reportLoadFailure));
    // Two quick submits can both wait for the load: only the first may go on to pay.
    if (!validate || busy.current) return;
    const result = validate(values);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    void pay(items, result.data);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={preloadValidator}
      onPointerDown={preloadValidator}
      aria-labelledby="customer-info-heading"
      aria-busy={processing}
    >
      <h2 id="customer-info-heading" className="text-xl font-bold text-slate-900">
        {copy.form.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.form.requiredNote}</p>
      <div className="mt-6 grid gap-x-4 gap-y-5 sm:grid-cols-2">
        {customerFields.map((field) => (
          <CheckoutField
            key={field.name}
            field={field}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(value) => change(field.name, value)}
            inputRef={(element) => {
              if (element) inputs.current.set(field.name, element);
              else inputs.current.delete(field.name);
            }}
          />
        ))}
      </div>
      <button
        type="submit"
        disabled={processing}
        className={`${buttonClass("primary")} mt-8 w-full cursor-pointer disabled:cursor-wait disabled:opacity-70`}
      >
        <UiIcon name="lock" className="size-4" />
        {processing ? copy.form.processing : copy.form.pay(formatUsd(total))}
      </button>
      {monthly > 0 && (
        <p className="mt-3 text-center text-sm font-medium text-slate-800">
          {copy.form.recurringNote(formatUsd(total), formatUsd(monthly))}
        </p>
      )}
      <p className="mt-3 text-center text-xs text-slate-600">{copy.form.newTabNote}</p>
      <div className="mt-6 border-t border-slate-200 pt-6">
        <p id="checkout-quote-note" className="text-center text-sm text-slate-600">
          {copy.form.quote.note}
        </p>
        <button
          type="button"
          onClick={() => void downloadQuote()}
          onPointerEnter={() => void loadQuoteDownload().catch(() => {})}
          onFocus={() => void loadQuoteDownload().catch(() => {})}
          aria-describedby="checkout-quote-note"
          // aria-disabled, not disabled: the button keeps the keyboard's focus while it waits.
          aria-disabled={quoting || processing || undefined}
          className={`${buttonClass("outline")} mt-3 w-full cursor-pointer aria-disabled:cursor-wait aria-disabled:opacity-70`}
        >
          {quoting ? copy.form.quote.busy : copy.form.quote.label}
        </button>
        <p role="status" className="sr-only">
          {quoting ? copy.form.quote.busy : ""}
        </p>
      </div>
    </form>
  );
}
