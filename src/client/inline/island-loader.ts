/**
 * The one inline script of every page (bundled, minified and inlined at build time by
 * build/inline-scripts.ts). It starts loading the page's client bundles (the header's cart badge
 * and menu, and the page's islands) only once the first frame has been presented: the server HTML
 * is complete and readable on its own, so nothing the visitor first sees waits on, or shares the
 * phone's bandwidth with, JavaScript. "Presented" is the browser's own first-contentful-paint
 * entry; where paint timing is missing, the load event and one frame stand in for it, and a timer
 * makes sure a page that never reports a paint still becomes interactive.
 *
 * A tap that comes before the bundles have run is not lost: clicks on the controls that only
 * scripts give meaning to (buttons of type "button", checkboxes, in <main>) are held, their
 * native effect cancelled, and replayed once the bundles have run and their islands are hydrated
 * (an entry may export a `ready` promise for that). Links and form submissions are left alone:
 * they work without scripts.
 *
 * It reads the bundle URLs from its own data attributes, so its text (and CSP hash) is constant.
 * When every entry is ready, <html> gets `data-js-ready` (tests and tools wait on it).
 */

/** The controls whose early clicks are held: they do nothing useful until the islands run. */
const HELD_CONTROLS = 'main button[type="button"],main input[type="checkbox"]';

/** How long a page that never reports a paint waits before loading its bundles anyway. */
const FALLBACK_DELAY_MS = 3000;

// Read while the script runs: currentScript is null once it has finished.
const script = document.currentScript;

/** A space-separated list of URLs from one of this script's data attributes. */
function urls(attribute: string): string[] {
  return (script?.getAttribute(attribute) ?? "").split(" ").filter(Boolean);
}

const entries = urls("data-entries");
const preloads = urls("data-preload");
const held: HTMLElement[] = [];

/** Capture-phase click listener: cancels a click on a script-only control and keeps it for later. */
function hold(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CONTROLS) : null;
  if (!target) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(target);
}

let started = false;

/** Loads the bundles, once: the paint path, its fallback and the timer may all call it. */
function go(): void {
  if (started) return;
  started = true;
  // Static imports of the entries, so the browser fetches them in parallel with the entries.
  for (const href of preloads) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.appendChild(link);
  }
  Promise.all(entries.map((url) => import(url).then((module: { ready?: Promise<unknown> }) => module.ready))).then(
    () => {
      document.removeEventListener("click", hold, true);
      document.documentElement.setAttribute("data-js-ready", "");
      // Replay the held taps on the hydrated islands, skipping controls that have since gone.
      for (const target of held.splice(0)) {
        if (target.isConnected) target.click();
      }
    },
    (error: unknown) => {
      // Stop swallowing taps: the page keeps working as server HTML.
      document.removeEventListener("click", hold, true);
      console.error("Could not load the page's scripts:", error);
    },
  );
}

/** Starts the bundles in a task of their own, so the paint callback that triggers it stays short. */
function later(): void {
  setTimeout(go, 0);
}

document.addEventListener("click", hold, true);

let observingPaint = false;
try {
  const Observer = window.PerformanceObserver;
  if (Observer?.supportedEntryTypes.includes("paint")) {
    new Observer((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length) {
        observer.disconnect();
        later();
      }
    }).observe({ type: "paint", buffered: true });
    observingPaint = true;
  }
} catch {
  // An older browser without paint timing (or without supportedEntryTypes): use the fallback.
}

if (!observingPaint) {
  // The load event and one frame after it stand in for the first paint.
  const afterFrame = () => requestAnimationFrame(later);
  if (document.readyState === "complete") afterFrame();
  else window.addEventListener("load", afterFrame);
}

setTimeout(go, FALLBACK_DELAY_MS);

// A module, so its names stay out of the project's global scope when typechecked; the bundle is an
// IIFE that exports nothing.
export {};
