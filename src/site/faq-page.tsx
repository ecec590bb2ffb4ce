import { ButtonLink } from "../components/ButtonLink.tsx";
import { FaqAccordion } from "../components/FaqAccordion.tsx";
import { Icon } from "../components/Icon.tsx";
import { PageHero } from "../components/PageHero.tsx";
import { Section } from "../components/Section.tsx";
import { paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { faqGroups, faqHero, faqMeta, faqPageCopy } from "./faq-copy.ts";
import { faqJsonLd } from "./structured-data.ts";

/** Every question shares this name, so opening one closes whichever was open, on the whole page. */
const ACCORDION_NAME = "faq";

function CategoryNav() {
  return (
    <nav aria-label={faqPageCopy.categoriesLabel} className="lg:sticky lg:top-24">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {faqGroups.map((group) => (
          <li key={group.id}>
            <a
              href={`#${group.id}`}
              className="flex items-center gap-2 rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:border-brand-300 hover:text-brand-800 lg:rounded-lg lg:border-transparent lg:bg-transparent lg:px-3 lg:hover:bg-white"
            >
              <Icon name={group.icon} className="size-4 shrink-0 text-brand-600" />
              {group.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CategorySection({ group }: { group: (typeof faqGroups)[number] }) {
  const headingId = `${group.id}-heading`;
  return (
    <section id={group.id} aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-3 text-2xl font-bold tracking-tight text-slate-900">
        <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={group.icon} className="size-5" />
        </span>
        {group.name}
      </h2>
      <p className="mt-1 ml-13 text-sm text-slate-600">{faqPageCopy.questionCount(group.entries.length)}</p>
      <div className="mt-5">
        <FaqAccordion name={ACCORDION_NAME} items={group.entries} />
      </div>
    </section>
  );
}

function ClosingSection() {
  const { closing } = faqPageCopy;
  return (
    <Section id="faq-closing" title={closing.title} lead={closing.lead} tone="brand">
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink href={closing.contact.href} variant="secondary">
          <Icon name="mail" className="size-4" />
          {closing.contact.label}
        </ButtonLink>
        <ButtonLink href={closing.call.href} variant="light">
          <Icon name="phone" className="size-4" />
          {closing.call.label}
        </ButtonLink>
      </div>
    </Section>
  );
}

export const faqPage: Page = {
  path: paths.faq,
  ...faqMeta,
  structuredData: () => [faqJsonLd()],
  render: () => (
    <>
      <PageHero {...faqHero} />
      <div className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[14rem_1fr] lg:gap-12 lg:px-8">
          <div>
            <CategoryNav />
          </div>
          <div className="max-w-4xl space-y-14">
            {faqGroups.map((group) => (
              <CategorySection key={group.id} group={group} />
            ))}
          </div>
        </div>
      </div>
      <ClosingSection />
    </>
  ),
};
