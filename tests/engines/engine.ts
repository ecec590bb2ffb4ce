/**
 * What a flow may do in a browser, whichever engine draws the page. Elements are found by their
 * role and accessible name as the engine itself computes them (WebDriver's element text leaves out
 * visually hidden labels, and visible text is not what a screen reader user goes by).
 */
/** "summary" is a <summary> by its text: the engines disagree on its role (see adapters/summary.ts). */
export type Role = "button" | "link" | "checkbox" | "textbox" | "heading" | "dialog" | "summary";

export type TabOptions = { width: number; height: number; javaScript?: boolean };

export interface Tab {
  /** Loads a path of the site under test (or an absolute address) and waits for the load event. */
  goto(path: string): Promise<void>;
  url(): Promise<string>;
  /** Clicks the first rendered element with this role and exact accessible name, waiting for it. */
  click(role: Role, name: string): Promise<void>;
  /** Replaces the value of the text field with this accessible name. */
  fill(name: string, value: string): Promise<void>;
  /** Presses a key in whatever has focus. */
  press(key: "Enter" | "Escape"): Promise<void>;
  /** Runs `fn` in the page with JSON arguments; its (awaited) result comes back as JSON. */
  run<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<Awaited<R>>;
  /** Runs a script's source in the page as it is (e.g. axe-core's bundle). */
  inject(source: string): Promise<void>;
  /** How many rendered elements have this role and exact accessible name. */
  count(role: Role, name: string): Promise<number>;
  /** Full-page PNG. */
  screenshot(file: string): Promise<void>;
  /** The browser's windows or tabs for this flow, oldest first; `use` makes one the one acted on. */
  tabCount(): Promise<number>;
  use(index: number): Promise<void>;
}

export interface Engine {
  readonly name: "chromium" | "gecko" | "webkit";
  /** Phone width this engine can draw at (MiniBrowser's window cannot be narrower than 447 px). */
  readonly phoneWidth: number;
  /** A tab in a fresh profile state: no cookies, no stored cart. */
  open(options: TabOptions): Promise<Tab>;
  /** Closes what `open` made. */
  done(tab: Tab): Promise<void>;
  /** The folder the engine saves downloads into, without asking. */
  readonly downloads: string;
  close(): Promise<void>;
}

/** Thrown when the engine's runner is not installed here, with the way to install it. */
export class MissingRunner extends Error {}

const POLL_TIMEOUT_MS = 10_000;

/** Retries `probe` until `ok` holds for its value; the failure names what was expected and what was seen. */
export async function waitFor<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + POLL_TIMEOUT_MS;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (ok(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seen = last === undefined ? String(lastError) : JSON.stringify(last);
  throw new Error(`Timed out waiting for ${what}; last seen: ${seen}`);
}

/** Fails the flow with a message saying what differed. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/**
 * CSS for the elements that can have each role (implicit or explicit), for drivers that can only
 * ask an element for its computed role and name one element at a time.
 */
export const roleCandidates: Record<Role, string> = {
  button: "button, summary, input[type=submit], input[type=button], [role=button]",
  link: "a[href], [role=link]",
  checkbox: "input[type=checkbox], [role=checkbox]",
  textbox: "input:not([type]), input[type=text], input[type=email], input[type=tel], textarea, [role=textbox]",
  heading: "h1, h2, h3, h4, h5, h6, [role=heading]",
  dialog: "dialog, [role=dialog]",
  summary: "summary",
};
