import type { ReactElement } from "react";

/**
 * The few icons the client islands draw. Kept apart from the full set in Icon.tsx so an island's
 * bundle carries these four paths, not every icon of the site.
 */
export const uiIconPaths = {
  cart: (
    <>
      <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9" cy="19" r="1.5" />
      <circle cx="17" cy="19" r="1.5" />
    </>
  ),
  checkCircle: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l3 3 5-6" />
    </>
  ),
  arrowRight: <path d="M5 12h14M13 6l6 6-6 6" />,
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </>
  ),
} satisfies Record<string, ReactElement>;

export type UiIconName = keyof typeof uiIconPaths;

type SvgIconProps = { paths: ReactElement; className?: string | undefined; label?: string | undefined };

/** Stroke icon on a 24px grid. Decorative by default (hidden from assistive tech); `label` names it. */
export function SvgIcon({ paths, className = "size-5", label }: SvgIconProps) {
  return (
    // The stroke style is the `icon` class (src/client/styles.css), not five attributes on each of
    // the dozens of icons a page holds.
    <svg
      viewBox="0 0 24 24"
      className={`icon ${className}`}
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
    >
      {paths}
    </svg>
  );
}

export function UiIcon({ name, className, label }: { name: UiIconName; className?: string; label?: string }) {
  return <SvgIcon paths={uiIconPaths[name]} className={className} label={label} />;
}
