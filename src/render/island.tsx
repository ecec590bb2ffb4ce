import { type ComponentProps, type ComponentType, createContext, type FC, useContext } from "react";
import { type IslandName, islands } from "../islands/registry.ts";

type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof islands)[N]>>;

/** The islands one render used, so the page lists their chunks and CSS (filled while rendering). */
export const UsedIslands = createContext<Set<IslandName> | null>(null);

// biome-ignore lint/suspicious/noExplicitAny: each loaded component is typed through its marker below
const loaded = new Map<IslandName, ComponentType<any>>();
let loading: Promise<void> | undefined;

/**
 * Loads every island component once per isolate. Server rendering is synchronous, and the
 * registry loads components lazily (the browser needs one chunk per island), so a render awaits
 * this first.
 */
export function loadIslands(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(islands).map(async ([name, load]) => {
      loaded.set(name as IslandName, await load());
    }),
  ).then(() => undefined);
  return loading;
}

function marker<N extends IslandName>(name: N): FC<ComponentProps<IslandComponent<N>>> {
  function IslandMarker(props: ComponentProps<IslandComponent<N>>) {
    useContext(UsedIslands)?.add(name);
    const Component = loaded.get(name);
    if (!Component) throw new Error(`Island ${name} rendered before loadIslands() finished`);
    const hasProps = Object.keys(props as object).length > 0;
    return (
      // Props travel in a data attribute (not an inline script): the CSP needs no 'unsafe-inline'.
      <div data-island={name} data-props={hasProps ? JSON.stringify(props) : undefined} className="contents">
        <Component {...(props as object)} />
      </div>
    );
  }
  IslandMarker.displayName = `Island(${name})`;
  return IslandMarker;
}

/**
 * Server markers of the registry's islands: a page writes `<Island.Checkout />`, so a misspelt or
 * unregistered island fails the typecheck, and its props are the component's own.
 */
export const Island = Object.fromEntries(Object.keys(islands).map((name) => [name, marker(name as IslandName)])) as {
  [N in IslandName]: FC<ComponentProps<IslandComponent<N>>>;
};
