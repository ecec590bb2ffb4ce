import { logoMark } from "../site/brand-copy.ts";
import { company } from "../site/company-copy.ts";

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg
        viewBox={`0 0 ${logoMark.size} ${logoMark.size}`}
        className="size-8 shrink-0"
        aria-hidden="true"
        focusable="false"
      >
        <rect
          width={logoMark.size}
          height={logoMark.size}
          rx={logoMark.radius}
          className={inverted ? "fill-white" : "fill-brand-700"}
        />
        <path
          d={logoMark.path}
          fill="none"
          strokeWidth={logoMark.strokeWidth}
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
