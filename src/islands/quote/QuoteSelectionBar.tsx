import { type RefObject, useLayoutEffect, useRef } from "react";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { UiIcon } from "../../components/UiIcon.tsx";
import { formatMoney } from "../../lib/money.ts";
import { customQuoteCopy, quotePdfCopy } from "../../quotes/custom-quote-copy.ts";

const copy = customQuoteCopy.bar;

/** Keeps the page's end (last cards, footer) scrollable out from under the fixed bar, and toasts above it. */
function useReservedBottomSpace(ref: RefObject<HTMLElement | null>) {
  // Before paint, so the page never shows a frame with its end hidden under the bar.
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const reserve = () => {
      document.body.style.paddingBottom = `${bar.offsetHeight}px`;
      // Toasts stack above the bar rather than over its buttons.
      document.documentElement.style.setProperty("--quote-bar-height", `${bar.offsetHeight}px`);
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = "";
      document.documentElement.style.removeProperty("--quote-bar-height");
    };
  }, [ref]);
}

/**
 * Fixed bottom bar shown while the cart holds something: count, total, a written quote and the way
 * to checkout. "Download quote (PDF)" calls `onQuote` (the selection opens its dialog) and warms the
 * dialog's chunk with `onQuoteIntent` on hover or focus.
 */
export function QuoteSelectionBar({
  distinctItems,
  totalCents,
  monthlyCents,
  quoteButton,
  onQuote,
  onQuoteIntent,
}: {
  distinctItems: number;
  totalCents: number;
  /** What of the total recurs every month (plans in the cart), in cents; 0 when nothing does. */
  monthlyCents: number;
  /** Where focus returns when the dialog closes. */
  quoteButton: RefObject<HTMLButtonElement | null>;
  onQuote: () => void;
  onQuoteIntent: () => void;
}) {
  const ref = useRef<HTMLElement>(null);
  useReservedBottomSpace(ref);
  return (
    <section
      ref={ref}
      aria-label={copy.label}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4 sm:px-6 sm:py-4 lg:px-8">
        <p aria-live="polite" aria-atomic="true" className="flex items-baseline justify-between gap-4">
          <span className="font-semibold text-slate-700">{copy.selected(distinctItems)}</span>
          <span className="text-right">
            <span className="text-xl font-bold text-brand-800 sm:text-2xl">
              <span className="sr-only">{copy.total}: </span>
              {formatMoney(totalCents)}
            </span>
            {monthlyCents > 0 && (
              <span className="block text-sm text-slate-600">{copy.recurring(formatMoney(monthlyCents))}</span>
            )}
          </span>
        </p>
        <div className="grid grid-cols-1 gap-2 min-[480px]:grid-cols-2 sm:flex sm:shrink-0 sm:gap-3">
          <button
            ref={quoteButton}
            type="button"
            aria-haspopup="dialog"
            onPointerEnter={onQuoteIntent}
            onFocus={onQuoteIntent}
            onClick={onQuote}
            className={`${buttonClass("outline")} cursor-pointer`}
          >
            {quotePdfCopy.download}
          </button>
          <a href={copy.proceed.href} className={buttonClass("primary")}>
            {copy.proceed.label}
            <UiIcon name="arrowRight" className="size-4" />
          </a>
        </div>
      </div>
    </section>
  );
}
