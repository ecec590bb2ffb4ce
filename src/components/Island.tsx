import type { ReactNode } from "react";

/**
 * Marks server-rendered markup that a client entry hydrates. Props travel in a data attribute
 * (not an inline script) so the page needs no 'unsafe-inline' in its Content-Security-Policy.
 */
export function Island({ name, props, children }: { name: string; props?: object; children: ReactNode }) {
  return (
    <div data-island={name} data-props={props ? JSON.stringify(props) : undefined} className="contents">
      {children}
    </div>
  );
}
