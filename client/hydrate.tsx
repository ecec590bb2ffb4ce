import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Hydrates every `[data-island=name]` element rendered by the server's <Island> with the
 * component of that name and the props the server rendered it with.
 */
// biome-ignore lint/suspicious/noExplicitAny: islands take whatever props their server markup carried
export function hydrateIslands(islands: Record<string, ComponentType<any>>): void {
  for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = el.dataset.island ?? "";
    const Component = islands[name];
    if (!Component) continue;
    const props = el.dataset.props ? JSON.parse(el.dataset.props) : {};
    hydrateRoot(el, <Component {...props} />);
  }
}
