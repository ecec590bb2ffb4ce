import type { ReactNode } from "react";
import { Icon, type IconName } from "./Icon.tsx";

/**
 * The card of a page that reports an outcome (payment, message sent or not): an icon in its tone,
 * then the page's heading, text and actions.
 */
export function ResultCard({ icon, tone, children }: { icon: IconName; tone: string; children: ReactNode }) {
  return (
    <div className="bg-slate-50 px-4 py-16 sm:py-24">
      <div className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10 sm:py-12">
        <span className={`mx-auto flex size-16 items-center justify-center rounded-full ${tone}`}>
          <Icon name={icon} className="size-10" />
        </span>
        {children}
      </div>
    </div>
  );
}
