import { type FormEvent, type RefObject, useEffect, useRef } from "react";
import { Toaster } from "sonner";
import { downloadQuote } from "../../client/quote/download-quote.ts";
import type { QuoteValues } from "../../client/quote/quote-customer.ts";
import { loadedQuoteValidator, loadQuoteValidator } from "../../client/quote/validator.ts";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { customQuoteCopy, quoteFields, quotePdfCopy } from "../../quotes/custom-quote-copy.ts";
import { CheckoutFields } from "../checkout/CheckoutField.tsx";
import { useFieldForm } from "../form/use-field-form.ts";
import { useQuoteDownload } from "./use-quote-download.ts";

const copy = customQuoteCopy.dialog;
const initialValues: QuoteValues = { name: "", email: "", company: "", kraPin: "" };

/** Above the fixed bar (its height is published by QuoteSelectionBar), so no toast hides its buttons. */
const aboveBar = (gap: number) => ({ bottom: `calc(var(--quote-bar-height, 0px) + ${gap}px)` });

/**
 * The bar's "Download quote (PDF)": a modal <dialog> asking who the quote is for, then the PDF.
 * Loaded on the first ask (with the toasts it reports in), so the page's first load carries neither.
 * Each ask bumps `asked`, which opens it; it closes itself (Escape, Cancel, done), so a quick click
 * after an Escape can never meet a stale "open" flag.
 */
export function QuoteDialog({ asked, trigger }: { asked: number; trigger: RefObject<HTMLElement | null> }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useFieldForm(initialValues, quoteFields, loadedQuoteValidator);
  const quote = useQuoteDownload(downloadQuote);
  useOpenOnAsk(asked, dialog, () => form.focus("name"));

  const close = () => dialog.current?.close();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = await quote.request(form.values);
    if (!outcome) return;
    if (outcome.status === "invalid") {
      form.showErrors(outcome.errors);
      return;
    }
    form.clearErrors();
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
        <form noValidate onSubmit={submit} aria-busy={quote.quoting} className="p-5 sm:p-6">
          <DialogHeading onClose={close} />
          <p id="quote-dialog-intro" className="mt-2 text-sm text-slate-600">
            {copy.intro}
          </p>
          <p className="mt-1 text-sm text-slate-600">{copy.requiredNote}</p>
          <CheckoutFields
            fields={quoteFields}
            form={form}
            idPrefix="quote"
            className="mt-5 grid gap-y-4 sm:grid-cols-2"
          />
          <DialogActions busy={quote.quoting} onCancel={close} />
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

/** Each new ask (a new `asked`) opens the dialog, focused on its first field, and starts loading its checks. */
function useOpenOnAsk(asked: number, dialog: RefObject<HTMLDialogElement | null>, focusFirstField: () => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new ask (a new `asked`) opens it
  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    element.showModal();
    focusFirstField();
    void loadQuoteValidator().catch(() => {});
  }, [asked]);
}

function DialogHeading({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <h2 id="quote-dialog-title" className="text-xl font-bold text-slate-900">
        {copy.title}
      </h2>
      <button
        type="button"
        onClick={onClose}
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
  );
}

/** What is under way for screen readers, then Cancel and the download itself. */
function DialogActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <>
      <p role="status" className="sr-only">
        {busy ? quotePdfCopy.preparing : ""}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className={`${buttonClass("outline")} cursor-pointer`}>
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
    </>
  );
}
