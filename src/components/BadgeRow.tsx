import type { Feature } from "../content/claims.ts";
import { IconTile } from "./IconTile.tsx";

/** A slim band of trust badges under a small heading. */
export function BadgeRow({ title, badges }: { title: string; badges: Feature[] }) {
  return (
    <section aria-labelledby="badges-heading" className="border-t border-slate-200 bg-white py-10">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 sm:px-6 lg:flex-row lg:justify-between lg:px-8">
        <h2 id="badges-heading" className="shrink-0 text-sm font-semibold tracking-wide text-slate-600 uppercase">
          {title}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3 lg:gap-10">
          {badges.map((badge) => (
            <li key={badge.title} className="flex items-center gap-3">
              <IconTile name={badge.icon} />
              <span>
                <span className="block font-semibold text-slate-900">{badge.title}</span>
                <span className="block text-sm text-slate-600">{badge.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
