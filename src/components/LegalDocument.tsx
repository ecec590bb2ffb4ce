import {
  type Inline,
  type LegalDocument as LegalDocumentData,
  type LegalSection,
  legalDocuments,
  legalLabels,
  type RichText,
} from "../site/legal/legal-documents.ts";
import { Icon } from "./Icon.tsx";
import { PageHero } from "./PageHero.tsx";

const linkClass =
  "font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 break-words hover:text-brand-900 hover:decoration-brand-700";

/** Anchor id of a section, from its heading ("Payment Terms" → "payment-terms"). */
function sectionId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function InlineRun({ run }: { run: Inline }) {
  if (typeof run === "string") return run;
  if ("strong" in run) return <strong className="font-semibold text-slate-900">{run.strong}</strong>;
  return (
    <a href={run.href} className={linkClass}>
      {run.text}
    </a>
  );
}

function Rich({ text }: { text: RichText }) {
  if (typeof text === "string") return text;
  return text.map((run, i) => (
    // Runs are static content in a fixed order, so their position is a stable key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <InlineRun key={i} run={run} />
  ));
}

function Paragraphs({ items }: { items: readonly RichText[] }) {
  return items.map((text, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static paragraphs in a fixed order
    <p key={i}>
      <Rich text={text} />
    </p>
  ));
}

function Section({ section, number }: { section: LegalSection; number: number }) {
  const id = sectionId(section.heading);
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
        <span className="mr-2 text-brand-700 tabular-nums">{`${number}.`}</span>
        {section.heading}
      </h2>
      <div className="mt-4 space-y-4">
        <Paragraphs items={section.paragraphs} />
        {section.list && (
          <ul className="list-disc space-y-2 pl-6 marker:text-brand-600">
            {section.list.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static list items in a fixed order
              <li key={i} className="pl-1">
                <Rich text={item} />
              </li>
            ))}
          </ul>
        )}
        {section.closing && <Paragraphs items={section.closing} />}
      </div>
    </section>
  );
}

function TocList({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {sections.map((section, i) => (
        <li key={section.heading}>
          <a
            href={`#${sectionId(section.heading)}`}
            className="flex gap-2 rounded-md px-2 py-1.5 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
          >
            <span className="w-5 shrink-0 text-right text-slate-500 tabular-nums">{`${i + 1}.`}</span>
            <span>{section.heading}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

function RelatedPolicies({ current }: { current: string }) {
  const others = legalDocuments.filter((d) => d.path !== current);
  return (
    <nav aria-labelledby="related-policies" className="mt-14 border-t border-slate-200 pt-8">
      <h2 id="related-policies" className="text-lg font-semibold text-slate-900">
        {legalLabels.related}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {others.map((d) => (
          <li key={d.path}>
            <a
              href={d.path}
              className="flex items-center gap-3 rounded-lg border border-slate-200 px-4 py-3 text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50"
            >
              <Icon name="fileText" className="size-5 shrink-0 text-brand-700" />
              {d.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One legal document: heading and date, a table of contents, numbered sections, related policies. */
export function LegalDocument({ doc }: { doc: LegalDocumentData }) {
  return (
    <>
      <PageHero eyebrow={legalLabels.eyebrow} title={doc.title} lead={doc.description}>
        <p className="text-sm font-medium text-brand-50">
          {legalLabels.lastUpdated} <time dateTime={doc.lastUpdated.iso}>{doc.lastUpdated.text}</time>
        </p>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14 lg:px-8 lg:py-16">
        <aside>
          {/*
            One table of contents for every width: folded on a phone, forced open beside the text on
            a wide screen (::details-content; a browser without it shows the fold there too).
          */}
          <details className="group mb-10 rounded-lg border border-slate-200 bg-slate-50 lg:sticky lg:top-24 lg:mb-0 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto lg:border-0 lg:bg-transparent lg:details-content:[content-visibility:visible]">
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-slate-900 lg:pointer-events-none lg:px-2 lg:text-xs lg:tracking-wide lg:text-slate-500 lg:uppercase [&::-webkit-details-marker]:hidden">
              {legalLabels.toc}
              <Icon
                name="chevronDown"
                className="size-5 text-slate-500 transition-transform group-open:rotate-180 lg:hidden"
              />
            </summary>
            <nav aria-label={legalLabels.toc} className="border-t border-slate-200 px-2 py-3 lg:border-0 lg:p-0">
              <TocList sections={doc.sections} />
            </nav>
          </details>
        </aside>
        <article className="max-w-3xl">
          <div className="space-y-4 text-base leading-7 text-slate-700">
            <div className="space-y-4 text-lg leading-8 text-slate-700">
              <Paragraphs items={doc.intro} />
            </div>
            <div className="space-y-12 pt-8">
              {doc.sections.map((section, i) => (
                <Section key={section.heading} section={section} number={i + 1} />
              ))}
            </div>
          </div>
          <RelatedPolicies current={doc.path} />
        </article>
      </div>
    </>
  );
}
