import type { ReactNode } from "react";

type SectionProps = {
  /** Visible heading (rendered as h2) and an optional lead paragraph under it. */
  title?: string;
  lead?: string;
  eyebrow?: string;
  tone?: "white" | "muted" | "brand";
  id?: string;
  children: ReactNode;
};

const tones = {
  white: "bg-white",
  muted: "bg-slate-50",
  brand: "bg-brand-900 text-white",
};

/** A full-width page band with a centred, width-limited container and an optional h2. */
export function Section({ title, lead, eyebrow, tone = "white", id, children }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`${tones[tone]} py-16 sm:py-20`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {title && (
          <div className="mx-auto mb-10 max-w-3xl text-center sm:mb-12">
            {eyebrow && (
              <p
                className={`text-sm font-semibold tracking-wide uppercase ${tone === "brand" ? "text-accent-300" : "text-brand-700"}`}
              >
                {eyebrow}
              </p>
            )}
            <h2
              id={headingId}
              className={`mt-2 text-3xl font-bold tracking-tight sm:text-4xl ${tone === "brand" ? "text-white" : "text-slate-900"}`}
            >
              {title}
            </h2>
            {lead && <p className={`mt-4 text-lg ${tone === "brand" ? "text-brand-100" : "text-slate-600"}`}>{lead}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}
