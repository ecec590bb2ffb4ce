import { company } from "../content/company.ts";

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className={inverted ? "fill-white" : "fill-brand-700"} />
        <path
          d="M6 14c3-4 17-4 20 0M9 14c2 3 12 3 14 0M16 15v11M12 26h8"
          fill="none"
          strokeWidth="2.2"
          strokeLinecap="round"
          className={inverted ? "stroke-brand-800" : "stroke-white"}
        />
      </svg>
      <span className={`text-lg font-bold tracking-tight ${inverted ? "text-white" : "text-slate-900"}`}>
        {company.shortName}
        <span className={inverted ? "text-accent-300" : "text-accent-700"}> Consulting</span>
      </span>
    </span>
  );
}
