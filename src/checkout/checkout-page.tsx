import { paths } from "../paths.ts";
import { Island } from "../render/island.tsx";
import type { Page } from "../render/page.ts";
import { checkoutCopy, checkoutMeta } from "./checkout-copy.ts";

export const checkoutPage: Page = {
  path: paths.checkout,
  title: checkoutMeta.title,
  description: checkoutMeta.description,
  cartHint: true,
  render: ({ vatIncluded }) => (
    <div className="bg-slate-50 py-10 sm:py-14">
      {/* Tall enough for the loading state, so the footer does not jump when the browser swaps it
          for the form (no layout shift either way). */}
      <div className="mx-auto min-h-[52rem] max-w-6xl px-4 sm:px-6 lg:min-h-[34rem] lg:px-8">
        <Island.Checkout vatIncluded={vatIncluded} />
        <noscript>
          <p className="mt-6 rounded-lg border border-accent-300 bg-accent-50 px-4 py-3 text-slate-800">
            {checkoutCopy.noScript}
          </p>
        </noscript>
      </div>
      <Island.AppToaster />
    </div>
  ),
};
