import type { ReactNode } from "react";
import { ButtonLink } from "../components/ButtonLink.tsx";
import { Icon, type IconName } from "../components/Icon.tsx";
import { contactResultCopy } from "../content/contact.ts";
import type { Page } from "./types.ts";

export const CONTACT_SENT_PATH = "/contact/sent";

function ResultCard({ icon, tone, children }: { icon: IconName; tone: string; children: ReactNode }) {
  return (
    <div className="bg-slate-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10 sm:py-12">
        <span className={`mx-auto flex size-16 items-center justify-center rounded-full ${tone}`}>
          <Icon name={icon} className="size-10" />
        </span>
        {children}
      </div>
    </div>
  );
}

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
    path: "/contact",
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
          <ButtonLink href="/contact">{notSent.back}</ButtonLink>
        </div>
      </ResultCard>
    ),
  };
}
