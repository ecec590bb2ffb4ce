import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Toaster } from "sonner";
import { useCart } from "../../client/cart/CartProvider.tsx";
import { downloadQuote } from "../../client/quote/download-quote.ts";
import type { QuoteField, QuoteFieldErrors, QuoteValues } from "../../client/quote/quote-customer.ts";
import { loadedQuoteValidator, loadQuoteValidator } from "../../client/quote/validator.ts";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { customQuoteCopy, quoteFields, quotePdfCopy } from "../../content/custom-quote.ts";
import { CheckoutField } from "../checkout/CheckoutField.tsx";

const copy = customQuoteCopy.dialog;
const initialValues: QuoteValues = { name: "", email: "", company: "" };

/** Above the fixed bar (its height is published by QuoteSelectionBar), so no toast hides its buttons. */
const aboveBar = (gap: number) => ({ bottom: `calc(var(--quote-bar-height, 0px) + ${gap}px)` });

/**
 * The bar's "Download quote (PDF)": a modal <dialog> asking who the quote is for, then the PDF.
 * Loaded on the first ask (with the toasts it reports in), so the page's first load carries neither.
 * Each ask bumps `asked`, which opens it; it closes itself (Escape, Cancel, done), so a quick click
 * after an Escape can never meet a stale "open" flag.
 */
export function QuoteDialog({ asked, trigger }: { asked: number; trigger: RefObject<HTMLElement | null> }) {
  const cart = useCart();
  const dialog = useRef<HTMLDialogElement>(null);
  const inputs = useRef(new Map<QuoteField, HTMLInputElement>());
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<QuoteFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // State lands after a render; a second Enter in the same instant must not ask twice.
  const pending = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new ask (a new `asked`) opens it
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    inputs.current.get("name")?.focus();
    void loadQuoteValidator().catch(() => {});
  }, [asked]);

  const close = () => dialog.current?.close();

  const change = (field: QuoteField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // As on the checkout: messages first appear on submit, then follow the typing.
    if (submitted || errors[field]) {
      const result = loadedQuoteValidator()?.(next);
      setErrors((current) => ({ ...current, [field]: result && !result.ok ? result.errors[field] : undefined }));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    const outcome = await downloadQuote(cart.latest(), values);
    pending.current = false;
    setBusy(false);
    if (outcome.status === "invalid") {
      setSubmitted(true);
      flushSync(() => setErrors(outcome.errors));
      // Focus on the first invalid field reads out its message (aria-describedby).
      const first = quoteFields.find((field) => outcome.errors[field.name]);
      if (first) inputs.current.get(first.name)?.focus();
      return;
    }
    setErrors({});
    // Saved or failed: either way a toast says so, and it must not sit behind the modal's backdrop.
    close();
  };

  return (
    <>
      <dialog
        ref={dialog}
        aria-labelledby="quote-dialog-title"
        aria-describedby="quote-dialog-intro"
        onClose={() => {
          // Where the visitor was; the browser does it too, but not every one of them.
          if (trigger.current?.isConnected) trigger.current.focus();
        }}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
      >
        <form noValidate onSubmit={submit} aria-busy={busy} className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id="quote-dialog-title" className="text-xl font-bold text-slate-900">
              {copy.title}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label={copy.close}
              className="-m-2 flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                aria-hidden="true"
                className="size-5"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <p id="quote-dialog-intro" className="mt-2 text-sm text-slate-600">
            {copy.intro}
          </p>
          <p className="mt-1 text-sm text-slate-600">{copy.requiredNote}</p>
          <div className="mt-5 grid gap-y-4 sm:grid-cols-2">
            {quoteFields.map((field) => (
              <CheckoutField
                key={field.name}
                field={field}
                idPrefix="quote"
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
          <p role="status" className="sr-only">
            {busy ? quotePdfCopy.preparing : ""}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" onClick={close} className={`${buttonClass("outline")} cursor-pointer`}>
              {copy.cancel}
            </button>
            <button
              type="submit"
              // aria-disabled, not disabled: the button keeps the keyboard's focus while it waits.
              aria-disabled={busy || undefined}
              className={`${buttonClass("primary")} cursor-pointer aria-disabled:cursor-wait aria-disabled:opacity-70`}
            >
              {busy ? quotePdfCopy.preparing : quotePdfCopy.download}
            </button>
          </div>
        </form>
      </dialog>
      {/* The site's toaster (AppToaster's settings): this page has none until a quote is asked for. */}
      <Toaster
        position="bottom-right"
        visibleToasts={3}
        hotkey={["altKey", "KeyT"]}
        richColors
        closeButton
        offset={aboveBar(24)}
        mobileOffset={aboveBar(16)}
      />
    </>
  );
}
