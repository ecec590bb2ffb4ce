import { type FormEvent, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { checkoutCopy, customerFields } from "../../checkout/checkout-copy.ts";
import { emptyCustomerInfo } from "../../checkout/customer-defaults-schema.ts";
import { useCart } from "../../client/cart/CartProvider.tsx";
import type { CustomerField, CustomerValues } from "../../client/cart/customer-form.ts";
import { loadedValidator, loadValidator } from "../../client/cart/validator.ts";
import { lazyModule } from "../../client/lazy-module.ts";
import { toastRequestFailure } from "../../client/request-failure.ts";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { UiIcon } from "../../components/UiIcon.tsx";
import { formatMoney } from "../../lib/money.ts";
import { useFieldForm } from "../form/use-field-form.ts";
import { type DownloadQuote, useQuoteDownload } from "../quote/use-quote-download.ts";
import { CheckoutFields } from "./CheckoutField.tsx";
import type { PaymentMethod } from "./MpesaChoice.tsx";
import type { MpesaPay } from "./MpesaPanel.tsx";
import { usePayment } from "./use-payment.ts";

const copy = checkoutCopy;
const initialValues: CustomerValues = emptyCustomerInfo;
const quoteFieldNames = ["name", "email", "company", "kraPin"] as const satisfies readonly CustomerField[];

/** The written quote's flow, shared with /custom-quote's dialog: loaded on the first hover, focus or click. */
const loadQuoteDownload = () => import("../../client/quote/download-quote.ts");
const preloadQuoteDownload = () => void loadQuoteDownload().catch(() => {});

/** The flow once loaded; a load that fails (offline, say) is toasted as the flow's own failures are. */
const downloadLazily: DownloadQuote = (items, values) =>
  loadQuoteDownload().then(
    (m) => m.downloadQuote(items, values),
    (error: unknown) => {
      console.error("Could not load the quote download:", error);
      toastRequestFailure(copy.form.quote.failed, error);
      return { status: "failed" } as const;
    },
  );

/**
 * M-Pesa's part of the form, fetched once the form shows (not in the page's first load). A chunk
 * that fails to arrive leaves the card as the only way, never a broken form.
 */
const mpesaPanel = lazyModule(() => import("./MpesaPanel.tsx").then((m) => m.MpesaPanel));

function useMpesaPanel() {
  const [Panel, setPanel] = useState(() => mpesaPanel.loaded());
  useEffect(() => {
    if (!Panel)
      mpesaPanel.load().then(
        (loaded) => setPanel(() => loaded),
        () => {},
      );
  }, [Panel]);
  return Panel;
}

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
  totalCents,
  monthlyCents,
  onLeaving,
}: {
  totalCents: number;
  /** What of the total recurs every month, in cents; said under Pay before Stripe's page says it. */
  monthlyCents: number;
  onLeaving: () => void;
}) {
  const cart = useCart();
  const form = useFieldForm(initialValues, customerFields, loadedValidator);
  const payment = usePayment(onLeaving);
  const quote = useQuoteDownload(downloadLazily);
  const MpesaPanel = useMpesaPanel();
  const [method, setMethod] = useState<PaymentMethod>("card");
  const mpesaPay = useRef<MpesaPay | null>(null);
  const busy = () => payment.busy();

  /** A written quote of the cart for the name, e-mail, company and KRA PIN typed so far (the rest may wait). */
  const downloadQuote = async () => {
    if (busy()) return;
    const outcome = await quote.request(form.values);
    if (!outcome) return;
    // Only the quote's fields' messages change; whatever Pay said of the others stays.
    form.updateErrors(outcome.status === "invalid" ? outcome.errors : {}, quoteFieldNames);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy()) return;
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
    if (!validate || busy()) return;
    const result = validate(form.values);
    if (!result.ok) {
      form.showErrors(result.errors);
      return;
    }
    form.clearErrors();
    if (method === "mpesa" && mpesaPay.current) mpesaPay.current(items, result.data);
    else void payment.pay(items, result.data);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={preloadValidator}
      onPointerDown={preloadValidator}
      aria-labelledby="customer-info-heading"
      aria-busy={payment.processing}
    >
      <h2 id="customer-info-heading" className="text-xl font-bold text-slate-900">
        {copy.form.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.form.requiredNote}</p>
      <CheckoutFields fields={customerFields} form={form} className="mt-6 grid gap-x-4 gap-y-5 sm:grid-cols-2" />
      {MpesaPanel && (
        <MpesaPanel
          totalCents={totalCents}
          monthlyCents={monthlyCents}
          method={method}
          onMethod={setMethod}
          payRef={mpesaPay}
        />
      )}
      {method === "card" && (
        <PayButton processing={payment.processing} totalCents={totalCents} monthlyCents={monthlyCents} />
      )}
      <QuoteDownload
        quoting={quote.quoting}
        disabled={quote.quoting || payment.processing}
        onDownload={() => void downloadQuote()}
      />
    </form>
  );
}

/** Pay, with what recurs monthly and the new tab it opens said under it. */
function PayButton({
  processing,
  totalCents,
  monthlyCents,
}: {
  processing: boolean;
  totalCents: number;
  monthlyCents: number;
}) {
  return (
    <>
      <button
        type="submit"
        disabled={processing}
        className={`${buttonClass("primary")} mt-8 w-full cursor-pointer disabled:cursor-wait disabled:opacity-70`}
      >
        <UiIcon name="lock" className="size-4" />
        {processing ? copy.form.processing : copy.form.pay(formatMoney(totalCents))}
      </button>
      {monthlyCents > 0 && (
        <p className="mt-3 text-center text-sm font-medium text-slate-800">
          {copy.form.recurringNote(formatMoney(totalCents), formatMoney(monthlyCents))}
        </p>
      )}
      <p className="mt-3 text-center text-xs text-slate-600">{copy.form.newTabNote}</p>
    </>
  );
}

/** "Download quote (PDF)" under Pay, for a buyer not ready to pay; it warms the flow's chunk on hover or focus. */
function QuoteDownload({
  quoting,
  disabled,
  onDownload,
}: {
  quoting: boolean;
  disabled: boolean;
  onDownload: () => void;
}) {
  return (
    <div className="mt-6 border-t border-slate-200 pt-6">
      <p id="checkout-quote-note" className="text-center text-sm text-slate-600">
        {copy.form.quote.note}
      </p>
      <button
        type="button"
        onClick={onDownload}
        onPointerEnter={preloadQuoteDownload}
        onFocus={preloadQuoteDownload}
        aria-describedby="checkout-quote-note"
        // aria-disabled, not disabled: the button keeps the keyboard's focus while it waits.
        aria-disabled={disabled || undefined}
        className={`${buttonClass("outline")} mt-3 w-full cursor-pointer aria-disabled:cursor-wait aria-disabled:opacity-70`}
      >
        {quoting ? copy.form.quote.busy : copy.form.quote.label}
      </button>
      <p role="status" className="sr-only">
        {quoting ? copy.form.quote.busy : ""}
      </p>
    </div>
  );
}
