import { services } from "../catalogue/services-copy.ts";
import { BadgeRow } from "../components/BadgeRow.tsx";
import { ButtonLink } from "../components/ButtonLink.tsx";
import { CallToAction } from "../components/CallToAction.tsx";
import { FeatureGrid } from "../components/FeatureCard.tsx";
import { Icon } from "../components/Icon.tsx";
import { Illustration } from "../components/Illustration.tsx";
import { IndustryGrid } from "../components/IndustryGrid.tsx";
import { PromiseList } from "../components/PromiseList.tsx";
import { Section } from "../components/Section.tsx";
import { ServiceCard } from "../components/ServiceCard.tsx";
import { StatGrid } from "../components/StatGrid.tsx";
import { PullQuote, TestimonialCard } from "../components/TestimonialCard.tsx";
import { Timeline } from "../components/Timeline.tsx";
import { paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { heroArt } from "./art-copy.ts";
import { homeStats, outcomeStats, promises, trustBadges } from "./claims-copy.ts";
import {
  badgeRowTitle,
  closingCta,
  homeHero,
  homeMeta,
  homeServicesSection,
  whyUsReasons,
  whyUsSection,
} from "./home-copy.ts";
import { industries, industriesSection } from "./industries-copy.ts";
import { processSection, processSteps } from "./process-copy.ts";
import { businessJsonLd } from "./structured-data.ts";
import { testimonials, testimonialsSection } from "./testimonials-copy.ts";

function HomeHero() {
  return (
    <section className="band-dark">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-accent-300 ring-1 ring-white/20">
            <Icon name="mapPin" className="size-4" />
            {homeHero.eyebrow}
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {homeHero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-8 text-pretty text-brand-100">{homeHero.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink href={homeHero.primary.href} variant="secondary">
              {homeHero.primary.label}
              <Icon name="arrowRight" className="size-4" />
            </ButtonLink>
            <ButtonLink href={homeHero.secondary.href} variant="light">
              {homeHero.secondary.label}
            </ButtonLink>
          </div>
          <PromiseList promises={promises} className="mt-8" />
        </div>
        <div className="relative">
          {/*
            Below the text on a phone, and narrower there, so the text, not the picture, is the
            largest first paint (with Noto, the phones' font, a full-width picture peeked in far
            enough to outweigh the paragraph on Lighthouse's 412x823 phone).
          */}
          <Illustration art={heroArt} eager className="mx-auto w-full max-w-72 sm:max-w-none" />
          <ul
            aria-label={homeHero.outcomesTitle}
            className="mt-4 flex flex-wrap justify-center gap-3 sm:absolute sm:inset-x-6 sm:bottom-2 sm:mt-0"
          >
            {outcomeStats.map((stat) => (
              <li key={stat.label} className="rounded-xl bg-white px-4 py-2 text-slate-900 shadow-sm">
                <span className="text-2xl font-extrabold text-brand-800">{stat.number}</span>{" "}
                <span className="text-sm font-medium text-slate-600">{stat.label}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function StatsBand() {
  return (
    <div className="border-b border-brand-800 bg-brand-900 py-10 sm:py-12">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <StatGrid stats={homeStats} variant="band" />
      </div>
    </div>
  );
}

function ServicesOverview() {
  const { viewAll } = homeServicesSection;
  return (
    <Section id="services" tone="muted" {...homeServicesSection}>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.id}>
            <ServiceCard
              service={service}
              href={`${paths.services}#${service.id}`}
              linkLabel={homeServicesSection.cardLink}
            />
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <ButtonLink href={viewAll.href}>{viewAll.label}</ButtonLink>
      </div>
    </Section>
  );
}

function Testimonials() {
  const { cta, resultLabel } = testimonialsSection;
  const [featured, ...others] = testimonials;
  return (
    <Section id="testimonials" tone="muted" {...testimonialsSection}>
      <div className="grid gap-6 lg:grid-cols-5">
        {featured && (
          <div className="lg:col-span-3">
            <PullQuote testimonial={featured} resultLabel={resultLabel} />
          </div>
        )}
        <ul className="grid gap-6 lg:col-span-2">
          {others.map((testimonial) => (
            <li key={testimonial.author}>
              <TestimonialCard testimonial={testimonial} resultLabel={resultLabel} />
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-10 text-center">
        <ButtonLink href={cta.href} variant="outline">
          {cta.label}
        </ButtonLink>
      </div>
    </Section>
  );
}

export const homePage: Page = {
  path: paths.home,
  ...homeMeta,
  structuredData: (origin) => [businessJsonLd(origin)],
  render: () => (
    <>
      <HomeHero />
      <StatsBand />
      <ServicesOverview />
      <Section id="why-us" layout="split" {...whyUsSection}>
        <FeatureGrid features={whyUsReasons} columns={2} variant="plain" />
      </Section>
      <Section id="how-we-work" tone="brand" {...processSection}>
        <Timeline steps={processSteps} stepLabel={processSection.stepLabel} />
      </Section>
      <Section id="industries" {...industriesSection}>
        <IndustryGrid industries={industries} />
      </Section>
      <Testimonials />
      <CallToAction {...closingCta}>
        <PromiseList promises={promises} className="mt-8 justify-center" />
      </CallToAction>
      <BadgeRow title={badgeRowTitle} badges={trustBadges} />
    </>
  ),
};
