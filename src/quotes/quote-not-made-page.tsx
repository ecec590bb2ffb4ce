import { ButtonLink } from "../components/ButtonLink.tsx";
import { ResultCard } from "../components/ResultCard.tsx";
import { paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { quoteApiMessages } from "./quote-api-copy.ts";

const copy = quoteApiMessages.page;

/** The answer to the plain quote form (no JavaScript) when the quote was refused: why, and the way back. */
export function quoteNotMadePage(reason: string): Page {
  return {
    path: paths.customQuote,
    title: copy.title,
    description: copy.description,
    render: () => (
      <ResultCard icon="fileText" tone="bg-accent-50 text-accent-700">
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{copy.title}</h1>
        <p className="mt-4 text-lg text-pretty text-slate-700" role="alert">
          {reason}
        </p>
        <div className="mt-8 flex justify-center">
          <ButtonLink href={paths.customQuote}>{copy.back}</ButtonLink>
        </div>
      </ResultCard>
    ),
  };
}
