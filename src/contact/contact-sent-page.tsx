import { ButtonLink } from "../components/ButtonLink.tsx";
import { ResultCard } from "../components/ResultCard.tsx";
import { CONTACT_SENT_PATH, paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { contactResultCopy } from "./contact-copy.ts";

const { sent, notSent } = contactResultCopy;

/** Where a visitor without JavaScript lands after sending the contact form (not a public page). */
export const contactSentPage: Page = {
  path: CONTACT_SENT_PATH,
  title: sent.meta.title,
  description: sent.meta.description,
  render: () => (
    <ResultCard icon="checkCircle" tone="bg-brand-50 text-brand-700">
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{sent.title}</h1>
      <p className="mt-4 text-lg text-pretty text-slate-700">{sent.text}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {sent.actions.map((action) => (
          <ButtonLink key={action.href} href={action.href} variant={action.variant}>
            {action.label}
          </ButtonLink>
        ))}
      </div>
    </ResultCard>
  ),
};

/** The same visitor's page when the server refused the message: why, and the way back to the form. */
export function contactNotSentPage(reason: string, problems: string[] = []): Page {
  return {
    path: paths.contact,
    title: notSent.meta.title,
    description: notSent.meta.description,
    render: () => (
      <ResultCard icon="mail" tone="bg-accent-50 text-accent-700">
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{notSent.title}</h1>
        <p className="mt-4 text-lg text-pretty text-slate-700" role="alert">
          {reason}
        </p>
        {problems.length > 0 && (
          <ul className="mx-auto mt-4 max-w-md list-disc space-y-1 pl-5 text-left text-slate-700">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <p className="mt-6 text-sm text-slate-600">{notSent.backHint}</p>
        <div className="mt-6 flex justify-center">
          <ButtonLink href={paths.contact}>{notSent.back}</ButtonLink>
        </div>
      </ResultCard>
    ),
  };
}
