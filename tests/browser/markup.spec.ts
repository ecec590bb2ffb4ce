import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { publicRoutes } from "../support/routes.ts";
import { BROWSER_ADMIN_PASSWORD } from "../support/secrets.ts";

/** The Nu HTML Checker's jar, from the pinned `vnu-jar` dev dependency. */
const VNU_JAR = fileURLToPath(import.meta.resolve("vnu-jar/build/dist/vnu.jar"));
const JAVA = process.env.JAVA ?? "java";

const adminAuth = `Basic ${btoa(`admin:${BROWSER_ADMIN_PASSWORD}`)}`;

/** Every kind of page the site serves: the spec's routes, the per-request pages, the back office. */
const pages: { path: string; status: number; headers?: Record<string, string> }[] = [
  ...publicRoutes.map((path) => ({ path, status: 200 })),
  { path: "/billing", status: 200 },
  { path: "/billing/open?token=not-a-real-token", status: 200 },
  { path: "/no-such-page", status: 404 },
  { path: "/admin/orders", status: 200, headers: { Authorization: adminAuth } },
  { path: "/admin/people?email=someone%40example.com", status: 200, headers: { Authorization: adminAuth } },
  { path: "/admin/insight", status: 200, headers: { Authorization: adminAuth } },
  { path: "/admin/breaches", status: 200, headers: { Authorization: adminAuth } },
];

type VnuMessage = { type: string; url?: string; lastLine?: number; message: string; extract?: string };

/**
 * One JVM for all the pages, and a quick one: the client compiler only (half the CPU of a default
 * start for a run this short), with the deeper stack its frames then need. vnu exits non-zero
 * when it finds errors, so its exit code is ignored and its JSON report read instead.
 */
const JVM_OPTIONS = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss8m"];

function runVnu(files: string[]): Promise<VnuMessage[]> {
  const args = [...JVM_OPTIONS, "-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", ...files];
  return new Promise((resolve, reject) => {
    execFile(JAVA, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && "code" in error && error.code === "ENOENT") {
        reject(
          new Error(
            `No Java found for the Nu HTML Checker ("${JAVA}"). It needs Java 11 or later: ` +
              "`sudo apt-get install -y default-jre-headless` on Debian, or set JAVA to a java binary.",
          ),
        );
        return;
      }
      try {
        resolve((JSON.parse(stdout) as { messages: VnuMessage[] }).messages);
      } catch {
        reject(new Error(`The Nu HTML Checker gave no report: ${stderr || stdout || error?.message}`));
      }
    });
  });
}

/**
 * The checker also runs its CSS validator over the inline stylesheet, which predates what
 * Tailwind 4 writes (`@property`, `margin-trim` inside `@supports`) and so reports hundreds of
 * valid rules; browsers' own parsing is what the CSS tests check. Everything else counts.
 */
function isMarkupMessage(message: VnuMessage): boolean {
  return !(message.type === "error" && message.message.startsWith("CSS: "));
}

test("every page's markup passes the Nu HTML Checker with no errors", async ({ request }) => {
  test.setTimeout(60_000);
  const dir = await mkdtemp(join(tmpdir(), "vnu-"));
  try {
    const pathOf = new Map<string, string>();
    // A client of its own, so the other tests' sign-ins to /admin do not count against this one.
    const client = { "CF-Connecting-IP": `2001:db8:5eed:${((Math.random() * 0xffff) | 0).toString(16)}::1` };
    for (const [index, { path, status, headers }] of pages.entries()) {
      const response = await request.get(path, { headers: { ...client, ...headers } });
      expect(response.status(), path).toBe(status);
      const file = join(dir, `page-${index}.html`);
      await writeFile(file, await response.body());
      pathOf.set(basename(file), path);
    }
    const messages = await runVnu([...pathOf.keys()].map((name) => join(dir, name)));
    const found = messages.filter(isMarkupMessage).map((m) => {
      const page = pathOf.get(basename(m.url ?? "")) ?? m.url ?? "?";
      return `${page}:${m.lastLine ?? "?"} ${m.type}: ${m.message} ${JSON.stringify(m.extract ?? "")}`;
    });
    expect(found).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
