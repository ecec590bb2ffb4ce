// Runs the `wrangler` found on PATH (npm run puts the project's own first; tests put a fake there)
// and says what it runs, so an operator can repeat or check any step by hand.
import { spawn } from "node:child_process";

export type WranglerResult = { code: number; stdout: string; stderr: string };

/** One wrangler run: its arguments, and what to write to its stdin (a secret's value) if anything. */
export type Wrangler = (args: string[], input?: string) => Promise<WranglerResult>;

/** Wrangler exited non-zero, or could not be started. */
export class WranglerError extends Error {
  override name = "WranglerError";
}

/** Spawns `wrangler` with `env` (its PATH decides which one), in `cwd`. */
export function spawnWrangler(env: NodeJS.ProcessEnv, cwd: string): Wrangler {
  return (args, input) =>
    new Promise((resolve, reject) => {
      // No telemetry from scripted runs; stdin is closed at once so no prompt can wait for an answer.
      const child = spawn("wrangler", args, { cwd, env: { ...env, WRANGLER_SEND_METRICS: "false" } });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on("error", (err) =>
        reject(new WranglerError(`Could not start wrangler (${err.message}): run this through npm run.`)),
      );
      child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
      child.stdin.end(input ?? "");
    });
}

/** The command as an operator would type it. */
export function commandLine(args: string[]): string {
  return ["npx wrangler", ...args.map((arg) => (/^[\w./:@=-]+$/.test(arg) ? arg : JSON.stringify(arg)))].join(" ");
}

/** Runs wrangler and returns its stdout; a non-zero exit throws with what wrangler said. */
export async function runWrangler(wrangler: Wrangler, args: string[], input?: string): Promise<string> {
  const result = await wrangler(args, input);
  if (result.code !== 0) {
    const said = `${result.stderr}\n${result.stdout}`.trim();
    throw new WranglerError(`${commandLine(args)} failed (exit ${result.code}):\n${said}`);
  }
  return result.stdout;
}

/** Whether `name` is one of the words of a listing (a table cell, a `name: …` value). */
export function listsName(output: string, name: string): boolean {
  return output.split(/[\s│┃|:]+/).includes(name);
}
