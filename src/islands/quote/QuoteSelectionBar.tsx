import { type RefObject, useLayoutEffect, useRef } from "react";
import { buttonClass } from "../../components/ButtonLink.tsx";
import { UiIcon } from "../../components/UiIcon.tsx";
import { customQuoteCopy } from "../../content/custom-quote.ts";
import { formatUsd } from "../../lib/money.ts";

const copy = customQuoteCopy.bar;

/** Keeps the page's end (last cards, footer) scrollable out from under the fixed bar. */
function useReservedBottomSpace(ref: RefObject<HTMLElement | null>) {
  // Before paint, so the page never shows a frame with its end hidden under the bar.
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const reserve = () => {
      document.body.style.paddingBottom = `${bar.offsetHeight}px`;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = "";
    };
  }, [ref]);
}

/** Fixed bottom bar shown while the cart holds something: count, total and the way to checkout. */
export function QuoteSelectionBar({ distinctItems, total }: { distinctItems: number; total: number }) {
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
          <span className="text-xl font-bold text-brand-800 sm:text-2xl">
            <span className="sr-only">{copy.total}: </span>
            {formatUsd(total)}
          </span>
        </p>
        <a href={copy.proceed.href} className={`${buttonClass("primary")} shrink-0`}>
          {copy.proceed.label}
          <UiIcon name="arrowRight" className="size-4" />
        </a>
      </div>
    </section>
  );
}
