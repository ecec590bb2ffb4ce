import { ButtonLink } from "../components/ButtonLink.tsx";
import { Icon } from "../components/Icon.tsx";
import { ResultCard } from "../components/ResultCard.tsx";
import { paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { successCopy, successMeta } from "./checkout-copy.ts";

export const checkoutSuccessPage: Page = {
  path: paths.checkoutSuccess,
  printable: true,
  title: successMeta.title,
  description: successMeta.description,
  // The entry only removes the stored cart: the page itself is plain server HTML.
  scripts: ["clear-cart"],
  render: () => (
    <ResultCard icon="checkCircle" tone="bg-brand-50 text-brand-700">
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{successCopy.title}</h1>
      <p className="mt-4 text-lg text-pretty text-slate-700">{successCopy.text}</p>
      <p className="mt-6 flex items-start gap-3 rounded-lg bg-brand-50 px-4 py-3 text-left text-sm text-brand-900">
        <Icon name="mail" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        {successCopy.emailNote}
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {successCopy.actions.map((action) => (
          <ButtonLink key={action.href} href={action.href} variant={action.variant}>
            {action.label}
          </ButtonLink>
        ))}
      </div>
    </ResultCard>
  ),
};
