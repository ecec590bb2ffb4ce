import type { Feature } from "../site/claims-copy.ts";
import { IconTile } from "./IconTile.tsx";

/** A titled point with an icon (h3), as a bordered card or as a plain item on a tinted band. */
function FeatureCard({
  feature,
  variant = "card",
  tone = "brand",
}: {
  feature: Feature;
  variant?: "card" | "plain";
  tone?: "brand" | "accent";
}) {
  const frame = variant === "card" ? "h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" : "";
  return (
    <div className={`flex gap-4 sm:block ${frame}`}>
      <IconTile name={feature.icon} tone={tone} />
      <div>
        <h3 className="text-lg font-semibold text-slate-900 sm:mt-4">{feature.title}</h3>
        <p className="mt-2 leading-7 text-slate-600">{feature.text}</p>
      </div>
    </div>
  );
}

/** A responsive grid of FeatureCards; `columns` is the count at the widest breakpoint. */
export function FeatureGrid({
  features,
  columns = 3,
  variant,
  tone,
}: {
  features: Feature[];
  columns?: 2 | 3 | 4;
  variant?: "card" | "plain";
  tone?: "brand" | "accent";
}) {
  const cols = { 2: "md:grid-cols-2", 3: "md:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`grid gap-6 ${cols}`}>
      {features.map((feature) => (
        <li key={feature.title}>
          <FeatureCard feature={feature} variant={variant} tone={tone} />
        </li>
      ))}
    </ul>
  );
}
