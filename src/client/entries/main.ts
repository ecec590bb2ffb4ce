import { islands, type PageScriptName, pageScripts } from "../../islands/registry.ts";

/**
 * The one client entry, imported by every page's island loader after first paint. It runs the
 * page scripts the server listed on the loader (`data-scripts`) and hydrates the islands the
 * server marked, each from its own chunk; the server preloads all of those chunks, so nothing
 * waits on a chain of imports. Resolves when every script is ready and every island hydrated.
 */
function requestedScripts(): PageScriptName[] {
  const names = document.querySelector<HTMLElement>("script[data-scripts]")?.dataset.scripts?.split(" ") ?? [];
  return names.filter((name): name is PageScriptName => {
    if (Object.hasOwn(pageScripts, name)) return true;
    // The server names scripts from the same registry, so this is a build out of step.
    if (name) console.error(`Unknown page script "${name}": not in the registry`);
    return false;
  });
}

async function run(name: PageScriptName): Promise<unknown> {
  const module: object = await pageScripts[name]();
  return "ready" in module ? module.ready : undefined;
}

// React loads only on pages with islands: the hydration module is what imports it.
const hydrated = document.querySelector("[data-island]")
  ? import("../hydrate.tsx").then((m) => m.hydrateIslands(islands))
  : undefined;

export const ready: Promise<void> = Promise.all([...requestedScripts().map(run), hydrated]).then(() => undefined);
