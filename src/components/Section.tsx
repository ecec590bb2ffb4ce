import type { ReactNode } from "react";

type Tone = "white" | "muted" | "brand";

type SectionProps = {
  /** Visible heading (rendered as h2) and an optional lead paragraph under it. */
  title?: string;
  lead?: string;
  eyebrow?: string;
  tone?: Tone;
  id?: string;
  /**
   * "stacked": the heading centred above the content. "split": the heading in a narrow column
   * that stays in view beside the content on wide screens (the page's rhythm changes with it).
   */
  layout?: "stacked" | "split";
  /** Under the heading in a split section (a link onward, say). */
  aside?: ReactNode;
  children: ReactNode;
};

const tones: Record<Tone, string> = {
  white: "bg-white",
  muted: "bg-slate-50",
  brand: "band-dark",
};

/** Eyebrow, h2 and lead of a section, in the site's type scale. */
function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  tone,
}: {
  id: string | undefined;
  eyebrow?: string;
  title: string;
  lead?: string;
  tone: Tone;
}) {
  const dark = tone === "brand";
  return (
    <>
      {eyebrow && (
        <p className={`text-sm font-semibold tracking-wide uppercase ${dark ? "text-accent-300" : "text-brand-700"}`}>
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 text-3xl font-bold tracking-tight sm:text-4xl ${dark ? "text-white" : "text-slate-900"}`}
      >
        {title}
      </h2>
      {lead && <p className={`mt-4 text-lg ${dark ? "text-brand-100" : "text-slate-600"}`}>{lead}</p>}
    </>
  );
}

/** A full-width page band with a width-limited container and an optional h2. */
export function Section({
  title,
  lead,
  eyebrow,
  tone = "white",
  id,
  layout = "stacked",
  aside,
  children,
}: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  const heading = title && <SectionHeading id={headingId} eyebrow={eyebrow} title={title} lead={lead} tone={tone} />;
  return (
    <section id={id} aria-labelledby={headingId} className={`${tones[tone]} py-16 sm:py-20`}>
      {layout === "split" ? (
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-3 lg:gap-16 lg:px-8">
          <div>
            <div className="lg:sticky lg:top-24">
              {heading}
              {aside}
            </div>
          </div>
          <div className="lg:col-span-2">{children}</div>
        </div>
      ) : (
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {heading && <div className="mx-auto mb-10 max-w-3xl text-center sm:mb-12">{heading}</div>}
          {children}
        </div>
      )}
    </section>
  );
}
