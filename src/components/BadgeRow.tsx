import type { Feature } from "../site/claims-copy.ts";
import { Icon } from "./Icon.tsx";

/** The trust badges as a row of marks, the way client logos sit under a heading. */
export function BadgeRow({ title, badges }: { title: string; badges: Feature[] }) {
  return (
    <section aria-labelledby="badges-heading" className="border-t border-slate-200 bg-white py-10">
      <div className="mx-auto max-w-7xl px-4 text-center sm:px-6 lg:px-8">
        <h2 id="badges-heading" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {title}
        </h2>
        <ul className="mt-6 flex flex-wrap justify-center gap-x-12 gap-y-6">
          {badges.map((badge) => (
            <li key={badge.title} className="flex items-center gap-3 text-left text-slate-500">
              <Icon name={badge.icon} className="size-9 text-brand-700" />
              <span>
                <span className="block text-lg font-bold tracking-tight text-slate-800">{badge.title}</span>
                <span className="block text-sm">{badge.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
