import { ButtonLink } from "../components/ButtonLink.tsx";
import { Icon } from "../components/Icon.tsx";
import { successCopy, successMeta } from "../content/checkout.ts";
import type { Page } from "./types.ts";

export const checkoutSuccessPage: Page = {
  path: "/checkout/success",
  title: successMeta.title,
  description: successMeta.description,
  // The entry only removes the stored cart: the page itself is plain server HTML.
  entries: ["success"],
  render: () => (
    <div className="bg-slate-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10 sm:py-12">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon name="checkCircle" className="size-10" />
        </span>
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
      </div>
    </div>
  ),
};
