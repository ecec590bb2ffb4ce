import { PageHero } from "../components/PageHero.tsx";
import { customQuoteCopy, customQuoteMeta } from "../content/custom-quote.ts";
import { paths } from "../paths.ts";
import { Island } from "../render/island.tsx";
import type { Page } from "./types.ts";

export const customQuotePage: Page = {
  path: paths.customQuote,
  title: customQuoteMeta.title,
  description: customQuoteMeta.description,
  render: () => (
    <>
      <PageHero title={customQuoteCopy.title} lead={customQuoteCopy.subtitle} />
      <div className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <noscript>
            <p className="mb-8 rounded-lg border border-accent-300 bg-accent-50 px-4 py-3 text-sm text-slate-800">
              {customQuoteCopy.noScript}
            </p>
          </noscript>
          {/* Rendered with nothing selected; the island then checks what the stored cart holds. */}
          <Island.QuoteSelector />
        </div>
      </div>
    </>
  ),
};
