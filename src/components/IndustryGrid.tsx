import { industryArt } from "../site/art-copy.ts";
import type { Industry } from "../site/industries-copy.ts";
import { Illustration } from "./Illustration.tsx";

/** The industries, each under its illustration. */
export function IndustryGrid({ industries }: { industries: Industry[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {industries.map((industry) => (
        <li key={industry.title} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <Illustration art={industryArt[industry.art]} className="h-20 w-auto" />
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{industry.title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{industry.text}</p>
        </li>
      ))}
    </ul>
  );
}
