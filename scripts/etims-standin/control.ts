// Test controls (not KRA's API, no cmcKey): make the next sale requests fail, hang, be refused or
// lose their answer after being recorded, and read back what was received and accepted.
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson } from "../stripe-standin/http.ts";
import type { Ledger } from "./ledger.ts";

export const MODES = ["normal", "fail", "timeout", "refuse", "accept-then-fail"] as const;
export type EtimsMode = (typeof MODES)[number];

export type ModeState = {
  mode: EtimsMode;
  /** Sale requests the mode still applies to; null: until it is set back to normal. */
  remaining: number | null;
};

/** The mode the sale requests meet; a count runs down with each request it applies to. */
export class ModeSwitch {
  #state: ModeState = { mode: "normal", remaining: null };

  get state(): ModeState {
    return { ...this.#state };
  }

  set(mode: EtimsMode, count?: number): ModeState {
    this.#state = mode === "normal" ? { mode, remaining: null } : { mode, remaining: count ?? null };
    return this.state;
  }

  /** fail, timeout or refuse when one applies to this request (it counts against the mode). */
  before(): "fail" | "timeout" | "refuse" | null {
    const { mode } = this.#state;
    if (mode !== "fail" && mode !== "timeout" && mode !== "refuse") return null;
    this.#use();
    return mode;
  }

  /** Whether a freshly accepted sale loses its answer; only those count against accept-then-fail. */
  loseAnswer(): boolean {
    if (this.#state.mode !== "accept-then-fail") return false;
    this.#use();
    return true;
  }

  #use(): void {
    if (this.#state.remaining === null) return;
    this.#state.remaining -= 1;
    if (this.#state.remaining <= 0) this.#state = { mode: "normal", remaining: null };
  }
}

class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function readMode(params: Record<string, unknown>): { mode: EtimsMode; count?: number } {
  const { mode, count } = params;
  if (typeof mode !== "string" || !(MODES as readonly string[]).includes(mode)) {
    throw new ControlError(400, `mode must be one of ${MODES.join(", ")}`);
  }
  if (
    count !== undefined &&
    count !== null &&
    (typeof count !== "number" || !Number.isSafeInteger(count) || count < 1)
  ) {
    throw new ControlError(400, "count must be a whole number ≥ 1 (leave it out: until set back to normal)");
  }
  return { mode: mode as EtimsMode, count: typeof count === "number" ? count : undefined };
}

async function readParams(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  let params: unknown;
  try {
    params = text.trim() ? JSON.parse(text) : {};
  } catch {
    throw new ControlError(400, "The body is not JSON.");
  }
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    throw new ControlError(400, "The body is not a JSON object.");
  }
  return params as Record<string, unknown>;
}

export type ControlTarget = { ledger: Ledger; modes: ModeSwitch; reset: () => void };

/** Answers one of the controls; false when the path is none of them. */
export async function controlRoute(
  target: ControlTarget,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const { ledger, modes } = target;
  const route = `${req.method ?? "GET"} ${path}`;
  try {
    switch (route) {
      case "POST /__control/mode": {
        const { mode, count } = readMode(await readParams(req));
        sendJson(res, 200, modes.set(mode, count));
        return true;
      }
      case "GET /__control/mode":
        sendJson(res, 200, modes.state);
        return true;
      case "GET /__control/sales":
        sendJson(res, 200, { sales: [...ledger.sales.values()], requests: ledger.requests });
        return true;
      case "GET /__control/items":
        sendJson(res, 200, [...ledger.items.values()]);
        return true;
      case "GET /__control/sequence":
        sendJson(res, 200, ledger.sequence());
        return true;
      case "POST /__control/reset":
        await readBody(req);
        target.reset();
        sendJson(res, 200, { reset: true });
        return true;
      default:
        return false;
    }
  } catch (err) {
    if (!(err instanceof ControlError)) throw err;
    sendJson(res, err.status, { error: err.message });
    return true;
  }
}
