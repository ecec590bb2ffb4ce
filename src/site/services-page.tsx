import { services } from "../catalogue/services-copy.ts";
import { CallToAction } from "../components/CallToAction.tsx";
import { FeatureGrid } from "../components/FeatureCard.tsx";
import { PageHero } from "../components/PageHero.tsx";
import { PromiseList } from "../components/PromiseList.tsx";
import { Section } from "../components/Section.tsx";
import { ServiceDetail } from "../components/ServiceDetail.tsx";
import { paths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import { promises } from "./claims-copy.ts";
import { promisesSection, servicesCta, servicesHero, servicesListSection, servicesMeta } from "./services-page-copy.ts";

export const servicesPage: Page = {
  path: paths.services,
  ...servicesMeta,
  render: () => (
    <>
      <PageHero {...servicesHero}>
        <PromiseList promises={promises} className="justify-center" />
      </PageHero>
      <Section id="service-list" tone="muted" {...servicesListSection}>
        <ul className="space-y-8">
          {services.map((service) => (
            <li key={service.id}>
              <ServiceDetail service={service} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="getting-started" {...promisesSection}>
        <FeatureGrid features={promises} tone="accent" />
      </Section>
      <CallToAction {...servicesCta} />
    </>
  ),
};
