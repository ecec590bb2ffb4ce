import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

/**
 * The Chromium the browser tests drive: $CHROMIUM_PATH, else Debian's /usr/bin/chromium, else a
 * browser Playwright downloaded on machines that allow it. With none, fail loudly: a browser test
 * that silently skips proves nothing.
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", safePlaywrightPath()];
  for (const path of candidates) if (path && existsSync(path)) return path;
  throw new Error(
    "No Chromium found for the browser tests. Install Debian's package (`sudo apt-get install -y chromium`), " +
      "set CHROMIUM_PATH to a Chromium binary, or run `npx playwright install chromium` where downloads are allowed.",
  );
}

/**
 * The Chromium that Playwright's browser tests drive: $CHROMIUM_PATH when set, else Debian's
 * headless shell (`chromium-headless-shell`: the same Chromium build, without the browser's own UI,
 * as Playwright itself runs headless tests), else findChromium()'s. The full browser in headless
 * mode keeps a browser and a GPU process busy for each worker (about 30% of a core each here).
 */
export function findHeadlessChromium(): string {
  const shell = "/usr/bin/chromium-headless-shell";
  if (!process.env.CHROMIUM_PATH && existsSync(shell)) return shell;
  return findChromium();
}

function safePlaywrightPath(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** Flags that keep Chromium from reaching out to the network it does not have here. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
