import { pricingCartItems } from "../catalogue/pricing-cart-items.ts";
import { addOns, oneTimeServices, plans } from "../catalogue/pricing-copy.ts";
import {
  paymentTerms,
  pricingClosing,
  pricingFaq,
  pricingHero,
  pricingLabels,
  pricingMeta,
  pricingSections,
} from "../catalogue/pricing-extras-copy.ts";
import { pricingItemId } from "../catalogue/pricing-item-id.ts";
import type { CartItemInput } from "../checkout/cart-item-schema.ts";
import { ButtonLink } from "../components/ButtonLink.tsx";
import { ComparisonTable } from "../components/ComparisonTable.tsx";
import { FaqAccordion } from "../components/FaqAccordion.tsx";
import { Icon } from "../components/Icon.tsx";
import { PageHero } from "../components/PageHero.tsx";
import { PlanCard } from "../components/PlanCard.tsx";
import { PriceCard } from "../components/PriceCard.tsx";
import { Section } from "../components/Section.tsx";
import { VatNote } from "../components/VatNote.tsx";
import { paths } from "../paths.ts";
import { Island } from "../render/island.tsx";
import type { Page, PageSettings } from "../render/page.ts";

/** The cart item a priced entry of the page adds; a missing one is a content error, caught by tests. */
function cartItem(name: string): CartItemInput {
  const id = pricingItemId(name);
  const item = pricingCartItems.find((candidate) => candidate.id === id);
  if (!item) throw new Error(`No pricing cart item for ${name}`);
  return item;
}

/** The first of the price lists carries the page's one VAT note, for all of them (not on each card). */
function PlansSection({ settings }: { settings: PageSettings }) {
  return (
    <Section {...pricingSections.plans}>
      <div className="grid gap-8 lg:grid-cols-3 lg:gap-6">
        {plans.map((plan) => (
          <PlanCard key={plan.name} plan={plan} item={cartItem(plan.name)} />
        ))}
      </div>
      <VatNote vatIncluded={settings.vatIncluded} className="mt-8 text-center" />
    </Section>
  );
}

function ComparisonSection() {
  return (
    <Section {...pricingSections.comparison} tone="muted">
      <div className="mx-auto max-w-5xl">
        <ComparisonTable plans={plans} />
      </div>
    </Section>
  );
}

function OneTimeSection() {
  return (
    <Section {...pricingSections.oneTime}>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {oneTimeServices.map((service) => (
          <PriceCard key={service.name} {...service} item={cartItem(service.name)} />
        ))}
      </div>
    </Section>
  );
}

function AddOnsSection() {
  return (
    <Section {...pricingSections.addOns} tone="muted">
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {addOns.map((addOn) => (
          <PriceCard key={addOn.name} {...addOn} item={cartItem(addOn.name)} />
        ))}
      </div>
    </Section>
  );
}

function PaymentTermsSection() {
  const { manage } = pricingLabels;
  return (
    <Section {...pricingSections.terms}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {paymentTerms.map((term) => (
          <li key={term.title} className="flex gap-4 rounded-xl border border-slate-200 p-6">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon name={term.icon} className="size-6" />
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{term.title}</h3>
              <p className="mt-1 text-sm leading-6 text-slate-600">{term.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-slate-700">
        {manage.text}{" "}
        <a href={manage.href} className="font-semibold text-brand-700 underline hover:text-brand-900">
          {manage.label}
        </a>
      </p>
    </Section>
  );
}

function PricingFaqSection() {
  const { allFaqs } = pricingLabels;
  return (
    <Section {...pricingSections.faq} tone="muted">
      <div className="mx-auto max-w-3xl">
        <FaqAccordion name="pricing-faq" items={pricingFaq} />
        <p className="mt-6 text-center">
          <a
            href={allFaqs.href}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
          >
            {allFaqs.label}
            <Icon name="arrowRight" className="size-4" />
          </a>
        </p>
      </div>
    </Section>
  );
}

function ClosingSection() {
  const [primary, ...others] = pricingClosing.actions;
  return (
    <Section id="pricing-closing" title={pricingClosing.title} lead={pricingClosing.lead} tone="brand">
      <div className="flex flex-wrap justify-center gap-3">
        {primary && (
          <ButtonLink href={primary.href} variant="secondary">
            {primary.label}
          </ButtonLink>
        )}
        {others.map((link) => (
          <ButtonLink key={link.href} href={link.href} variant="light">
            {link.label}
          </ButtonLink>
        ))}
      </div>
      <p className="mt-10 text-center text-sm text-brand-100">
        {`${pricingClosing.legalIntro} `}
        {pricingClosing.legalLinks.map((link, i, all) => (
          <span key={link.href}>
            <a href={link.href} className="font-semibold text-white underline hover:text-accent-300">
              {link.label}
            </a>
            {i < all.length - 2 ? ", " : i === all.length - 2 ? " and " : "."}
          </span>
        ))}
      </p>
    </Section>
  );
}

export const pricingPage: Page = {
  path: paths.pricing,
  ...pricingMeta,
  scripts: ["pricing-cart"],
  render: (settings) => (
    <>
      <PageHero {...pricingHero} />
      <PlansSection settings={settings} />
      <ComparisonSection />
      <OneTimeSection />
      <AddOnsSection />
      <PaymentTermsSection />
      <PricingFaqSection />
      <ClosingSection />
      <Island.AppToaster />
    </>
  ),
};
