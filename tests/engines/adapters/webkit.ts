import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Builder, By, Key, type WebDriver, type WebElement } from "selenium-webdriver";
import { type Engine, MissingRunner, type Role, roleCandidates, type Tab, type TabOptions } from "../engine.ts";
import { markSummary } from "./summary.ts";

const MINIBROWSER = process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
const DRIVER = "/usr/bin/WebKitWebDriver";
const XVFB_RUN = "/usr/bin/xvfb-run";
/** xvfb-run needs it; the xvfb package only recommends it. */
const XAUTH = "/usr/bin/xauth";
/** MiniBrowser's window will not shrink below this width. */
const MIN_WIDTH = 447;

/**
 * WebKit: Debian's WebKitGTK MiniBrowser under WebKitWebDriver, on a virtual X display (its
 * --headless mode hangs), driven by selenium-webdriver. One session per flow: a fresh profile, and
 * "scripts off" is a MiniBrowser setting given when the session starts.
 */
export async function launchWebkit(baseUrl: string): Promise<Engine> {
  const missing = [DRIVER, XVFB_RUN, XAUTH, MINIBROWSER].filter((path) => !existsSync(path));
  if (missing.length) {
    throw new MissingRunner(
      `No ${missing.join(", ")} for the WebKit run. Install Debian's packages ` +
        "(`sudo apt-get install -y webkit2gtk-driver xvfb xauth`), or set MINIBROWSER_PATH to a WebKitGTK MiniBrowser.",
    );
  }
  const port = await freePort();
  // MiniBrowser saves a download into its home folder without asking: a folder of the run's own.
  const home = mkdtempSync(join(tmpdir(), "engines-webkit-home-"));
  const driver = spawn(XVFB_RUN, ["-a", "-s", "-screen 0 1600x12000x24", DRIVER, `--port=${port}`], {
    stdio: "ignore",
    detached: true,
    env: { ...process.env, HOME: home },
  });
  await waitForDriver(`http://127.0.0.1:${port}`, driver);
  const sessions = new Map<Tab, WebDriver>();
  return {
    name: "webkit",
    phoneWidth: MIN_WIDTH,
    async open(options: TabOptions) {
      const args = ["--automation", ...(options.javaScript === false ? ["--enable-javascript=false"] : [])];
      const session = await new Builder()
        .usingServer(`http://127.0.0.1:${port}`)
        .withCapabilities({ browserName: "MiniBrowser", "webkitgtk:browserOptions": { binary: MINIBROWSER, args } })
        .build();
      await session
        .manage()
        .window()
        .setRect({ width: Math.max(options.width, MIN_WIDTH), height: options.height });
      const tab = await webdriverTab(baseUrl, session);
      sessions.set(tab, session);
      return tab;
    },
    async done(tab) {
      await sessions.get(tab)?.quit();
      sessions.delete(tab);
    },
    downloads: home,
    async close() {
      for (const session of sessions.values()) await session.quit().catch(() => undefined);
      if (driver.pid && driver.exitCode === null) process.kill(-driver.pid, "SIGTERM");
    },
  };
}

async function webdriverTab(baseUrl: string, session: WebDriver): Promise<Tab> {
  const find = async (role: Role, name: string): Promise<WebElement[]> => {
    if (role === "summary") {
      const marked = await session.executeScript(`return (${markSummary.toString()})(${JSON.stringify(name)})`);
      return marked ? session.findElements(By.css("[data-engines-target]")) : [];
    }
    // Rendered candidates only; then the engine's own accessible name for each.
    const candidates: WebElement[] = await session.executeScript(
      "return Array.from(document.querySelectorAll(arguments[0])).filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')",
      roleCandidates[role],
    );
    const named: WebElement[] = [];
    for (const element of candidates) if ((await element.getAccessibleName()) === name) named.push(element);
    return named;
  };
  const first = async (role: Role, name: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [element] = await find(role, name).catch(() => []);
      if (element) return element;
      if (Date.now() > deadline) throw new Error(`No ${role} named "${name}" on ${await session.getCurrentUrl()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  // WebDriver lists windows in no promised order: keep them in the order they were first seen.
  const known: string[] = [await session.getWindowHandle()];
  const handles = async () => {
    const now = await session.getAllWindowHandles();
    for (const handle of now) if (!known.includes(handle)) known.push(handle);
    return known.filter((handle) => now.includes(handle));
  };
  return {
    goto: (path) => session.get(new URL(path, baseUrl).href),
    url: () => session.getCurrentUrl(),
    async click(role, name) {
      const element = await first(role, name);
      // WebDriver scrolls an element only to the viewport's edge, where a fixed bar may cover it.
      await session.executeScript("arguments[0].scrollIntoView({ block: 'center' })", element);
      await element.click();
    },
    async fill(name, value) {
      const field = await first("textbox", name);
      await field.clear();
      if (value) await field.sendKeys(value);
    },
    press: (key) =>
      session
        .switchTo()
        .activeElement()
        .sendKeys(key === "Enter" ? Key.ENTER : Key.ESCAPE),
    run: (fn, ...args) => session.executeScript(`return (${fn.toString()})(...${JSON.stringify(args)})`),
    async inject(source) {
      await session.executeScript(source);
    },
    count: async (role, name) => (await find(role, name)).length,
    async screenshot(file) {
      await fullPageScreenshot(session, file);
    },
    tabCount: async () => (await handles()).length,
    async use(index) {
      const handle = (await handles())[index];
      if (!handle) throw new Error(`No tab ${index}`);
      await session.switchTo().window(handle);
    },
  };
}

/**
 * WebDriver's screenshot is of the viewport; for the whole page the window is made as tall as the
 * document for the shot (on a virtual screen tall enough to draw it) and put back after.
 */
async function fullPageScreenshot(session: WebDriver, file: string): Promise<void> {
  const { writeFile } = await import("node:fs/promises");
  const rect = await session.manage().window().getRect();
  // The window's own toolbar takes part of its height; the page gets exactly its full height.
  const [page, inner]: number[] = await session.executeScript(
    "return [document.documentElement.scrollHeight, window.innerHeight]",
  );
  const height = Math.min((page ?? 0) + rect.height - (inner ?? 0), 12_000);
  await session.manage().window().setRect({ width: rect.width, height });
  await new Promise((resolve) => setTimeout(resolve, 300));
  await writeFile(file, await session.takeScreenshot(), "base64");
  await session.manage().window().setRect({ width: rect.width, height: rect.height });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForDriver(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`WebKitWebDriver did not answer at ${url} within 15 s`);
}
