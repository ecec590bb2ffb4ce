import type { ReactNode } from "react";

type Variant = "primary" | "secondary" | "outline" | "light";

const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
  secondary: "bg-accent-500 text-slate-950 shadow-sm hover:bg-accent-300",
  outline: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  light: "border border-white/40 text-white hover:bg-white/10",
};

export const buttonClass = (variant: Variant = "primary") =>
  `inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 text-sm font-semibold transition-colors ${variants[variant]}`;

/** A link styled as a button: every call to action on the site navigates, so it is an <a>. */
export function ButtonLink({
  href,
  variant = "primary",
  children,
}: {
  href: string;
  variant?: Variant;
  children: ReactNode;
}) {
  return (
    <a href={href} className={buttonClass(variant)}>
      {children}
    </a>
  );
}
