import { type ComponentType, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

/** Runs `onReady` once its island's first render has committed (effects run child-first: last). */
function Hydrated({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  useEffect(() => onReady(), [onReady]);
  return children;
}

/**
 * Hydrates every `[data-island=name]` element rendered by the server's <Island> with the
 * component of that name and the props the server rendered it with.
 * Resolves once every island has hydrated and re-rendered with what only the browser knows (the
 * stored cart): the island loader then replays the taps it held meanwhile.
 */
// biome-ignore lint/suspicious/noExplicitAny: islands take whatever props their server markup carried
export function hydrateIslands(islands: Record<string, ComponentType<any>>): Promise<void> {
  const hydrated: Promise<void>[] = [];
  for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = el.dataset.island ?? "";
    const Component = islands[name];
    if (!Component) continue;
    const props = el.dataset.props ? JSON.parse(el.dataset.props) : {};
    hydrated.push(
      new Promise((resolve) => {
        hydrateRoot(
          el,
          <Hydrated onReady={resolve}>
            <Component {...props} />
          </Hydrated>,
        );
      }),
    );
  }
  // External-store updates found while hydrating are flushed right after the effects: one task later.
  return Promise.all(hydrated).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
