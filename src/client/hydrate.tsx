import { type ComponentType, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

/** Runs `onReady` once its island's first render has committed (effects run child-first: last). */
function Hydrated({ onReady, children }: { onReady: () => void; children: ReactNode }) {
  useEffect(() => onReady(), [onReady]);
  return children;
}

// biome-ignore lint/suspicious/noExplicitAny: islands take whatever props their server markup carried
type IslandLoaders = Record<string, () => Promise<ComponentType<any>>>;

/**
 * Hydrates every `[data-island=name]` element rendered by the server's island marker with the
 * component of that name (loaded from its chunk) and the props the server rendered it with.
 * Resolves once every island has hydrated and re-rendered with what only the browser knows (the
 * stored cart): the island loader then replays the taps it held meanwhile.
 */
export function hydrateIslands(islands: IslandLoaders): Promise<void> {
  const hydrated: Promise<void>[] = [];
  for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = el.dataset.island ?? "";
    const load = Object.hasOwn(islands, name) ? islands[name] : undefined;
    if (!load) {
      // The server names islands from the same registry, so this is a build out of step.
      console.error(`Unknown island "${name}": not in the registry`);
      continue;
    }
    const props = el.dataset.props ? JSON.parse(el.dataset.props) : {};
    hydrated.push(
      load().then(
        (Component) =>
          new Promise<void>((resolve) => {
            hydrateRoot(
              el,
              <Hydrated onReady={resolve}>
                <Component {...props} />
              </Hydrated>,
            );
          }),
      ),
    );
  }
  // External-store updates found while hydrating are flushed right after the effects: one task later.
  return Promise.all(hydrated).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
