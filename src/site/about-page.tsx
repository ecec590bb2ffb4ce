import { CallToAction } from "../components/CallToAction.tsx";
import { FeatureGrid } from "../components/FeatureCard.tsx";
import { Icon } from "../components/Icon.tsx";
import { Illustration } from "../components/Illustration.tsx";
import { PageHero } from "../components/PageHero.tsx";
import { ProcessSteps } from "../components/ProcessSteps.tsx";
import { Section } from "../components/Section.tsx";
import { StatGrid } from "../components/StatGrid.tsx";
import { paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import {
  aboutCta,
  aboutHero,
  aboutMeta,
  aboutStatsHeading,
  commitments,
  commitmentsSection,
  csrInitiatives,
  csrSection,
  directorSection,
  story,
  values,
  valuesSection,
  visionMission,
  visionMissionSection,
} from "./about-copy.ts";
import { portraits } from "./art-copy.ts";
import { aboutStats } from "./claims-copy.ts";
import { company } from "./company-copy.ts";
import { processSection, processSteps } from "./process-copy.ts";

/** The four statistic cards, lifted over the bottom edge of the hero. */
function StatCards() {
  return (
    <section aria-labelledby="glance-heading" className="bg-slate-50 pb-4">
      <h2 id="glance-heading" className="sr-only">
        {aboutStatsHeading}
      </h2>
      <div className="relative mx-auto -mt-10 max-w-7xl px-4 sm:px-6 lg:px-8">
        <StatGrid stats={aboutStats} />
      </div>
    </section>
  );
}

function Story() {
  return (
    <Section>
      <div className="grid items-start gap-10 lg:grid-cols-5 lg:gap-16">
        <div className="lg:col-span-3">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{story.eyebrow}</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{story.title}</h2>
          <div className="mt-6 space-y-5 text-lg leading-8 text-slate-600">
            {story.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
        </div>
        <dl className="grid gap-4 rounded-3xl bg-brand-900 p-6 text-white sm:grid-cols-2 sm:p-8 lg:col-span-2 lg:grid-cols-1">
          {story.facts.map((fact) => (
            <div key={fact.label} className="border-b border-white/15 pb-4 last:border-0 last:pb-0">
              <dt className="text-sm text-brand-100">{fact.label}</dt>
              <dd className="mt-1 text-lg font-semibold">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}

function Director() {
  const { director } = company;
  const portrait = portraits[director.name];
  return (
    <Section id="director" eyebrow={directorSection.eyebrow} title={directorSection.title}>
      <article className="mx-auto grid max-w-5xl gap-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 md:grid-cols-3 md:items-center">
        <div className="text-center">
          {portrait && (
            <Illustration art={portrait} className="mx-auto size-40 rounded-full bg-brand-50 ring-8 ring-brand-50" />
          )}
          <h3 className="mt-5 text-xl font-semibold text-slate-900">{director.name}</h3>
          <p className="mt-1 text-sm font-medium text-brand-700">{director.title}</p>
        </div>
        <div className="md:col-span-2">
          <div className="space-y-4 leading-7 text-slate-600">
            {directorSection.bio.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
          <blockquote className="mt-6 flex gap-3 border-l-4 border-accent-500 pl-4 text-lg font-medium text-slate-800 italic">
            <Icon name="quote" className="size-6 shrink-0 text-accent-600" />
            <p>{directorSection.quote}</p>
          </blockquote>
        </div>
      </article>
    </Section>
  );
}

export const aboutPage: Page = {
  path: paths.about,
  ...aboutMeta,
  render: () => (
    <>
      <PageHero {...aboutHero} />
      <StatCards />
      <Story />
      <Section id="values" tone="muted" {...valuesSection}>
        <FeatureGrid features={values} columns={4} />
      </Section>
      <Section id="commitments" layout="split" {...commitmentsSection}>
        <FeatureGrid features={commitments} columns={2} variant="plain" tone="accent" />
      </Section>
      <Section id="how-we-work" tone="muted" {...processSection}>
        <ProcessSteps steps={processSteps} stepLabel={processSection.stepLabel} />
      </Section>
      <Director />
      <Section id="vision-mission" tone="brand" {...visionMissionSection}>
        <FeatureGrid features={visionMission} columns={2} />
      </Section>
      <Section id="csr" {...csrSection}>
        <FeatureGrid features={csrInitiatives} columns={2} tone="accent" />
      </Section>
      <CallToAction {...aboutCta} />
    </>
  ),
};
