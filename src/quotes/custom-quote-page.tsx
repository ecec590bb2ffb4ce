import { PageHero } from "../components/PageHero.tsx";
import { paths, QUOTE_PATH } from "../paths.ts";
import { Island } from "../render/island.tsx";
import type { Page } from "../render/page.ts";
import { customQuoteCopy, customQuoteMeta, quoteFields, quotePdfCopy } from "./custom-quote-copy.ts";

const inputClass =
  "mt-1.5 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-600 sm:text-sm";

/**
 * Without JavaScript the catalogue's checkboxes post with these fields to the quote endpoint, which
 * answers with the PDF as a download. In <noscript>, so a visitor with scripts never sees it twice.
 */
function NoScriptQuoteFields() {
  const copy = customQuoteCopy.form;
  return (
    <fieldset className="mt-12 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <legend className="float-left w-full text-xl font-bold text-slate-900">{copy.legend}</legend>
      <p className="clear-both pt-2 text-sm text-slate-600">{copy.intro}</p>
      <p className="mt-1 text-sm text-slate-600">{copy.requiredNote}</p>
      <div className="mt-6 grid gap-x-4 gap-y-5 sm:grid-cols-3">
        {quoteFields.map((field) => (
          <div key={field.name}>
            <div className="flex gap-0.5 text-sm font-medium">
              <label htmlFor={`quote-form-${field.name}`} className="text-slate-800">
                {field.label}
              </label>
              {field.required && (
                <span aria-hidden="true" className="text-red-700">
                  *
                </span>
              )}
            </div>
            <input
              id={`quote-form-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              maxLength={field.maxLength}
              spellCheck={field.spellCheck}
              autoCapitalize={field.autoCapitalize}
              required={field.required}
              className={inputClass}
            />
          </div>
        ))}
      </div>
      <button
        type="submit"
        className="mt-8 inline-flex w-full cursor-pointer items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 sm:w-auto"
      >
        {quotePdfCopy.download}
      </button>
    </fieldset>
  );
}

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
          {/* The catalogue's checkboxes (name="services") are this form's fields when scripts are off. */}
          <form method="post" action={QUOTE_PATH}>
            {/* Rendered with nothing selected; the island then checks what the stored cart holds. */}
            <Island.QuoteSelector />
            <noscript>
              <NoScriptQuoteFields />
            </noscript>
          </form>
        </div>
      </div>
    </>
  ),
};
