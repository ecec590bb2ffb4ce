// Test controls (not Daraja's API, no token needed): answer a push as the buyer's phone would,
// and send a callback again (Safaricom may deliver one twice).
import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, sendJson } from "../stripe-standin/http.ts";
import { deliverCallback, type PushStore, type StoredPush } from "./pushes.ts";

class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type Params = Record<string, unknown>;
type Route = (store: PushStore, params: Params) => Promise<unknown>;

const ROUTES: Record<string, Route> = {
  "/__control/settle": settle,
  "/__control/resend": resend,
};

/** Answers a POST to one of the controls (JSON body); false when the path is none of them. */
export async function controlRoute(
  store: PushStore,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const run = req.method === "POST" ? ROUTES[url.pathname] : undefined;
  if (!run) return false;
  const text = await readBody(req);
  try {
    let params: unknown;
    try {
      params = text.trim() ? JSON.parse(text) : {};
    } catch {
      throw new ControlError(400, "The body is not JSON.");
    }
    if (typeof params !== "object" || params === null) throw new ControlError(400, "The body is not a JSON object.");
    sendJson(res, 200, await run(store, params as Params));
  } catch (err) {
    if (!(err instanceof ControlError)) throw err;
    sendJson(res, err.status, { error: err.message });
  }
  return true;
}

function pushOf(store: PushStore, params: Params): StoredPush {
  const id = params.checkoutRequestId;
  const push = typeof id === "string" ? store.pushes.get(id) : undefined;
  if (!push) throw new ControlError(404, `No push ${String(id)}`);
  return push;
}

/** `{ checkoutRequestId, resultCode, resultDesc?, send? }`: the buyer's answer; `send: false` only makes the callback. */
async function settle(store: PushStore, params: Params): Promise<unknown> {
  const push = pushOf(store, params);
  const { resultCode, resultDesc, send } = params;
  if (typeof resultCode !== "number" || !Number.isSafeInteger(resultCode) || resultCode < 0) {
    throw new ControlError(400, "resultCode must be a whole number (0 paid, 1032, 1, 2001, 1037, …).");
  }
  if (resultDesc !== undefined && typeof resultDesc !== "string")
    throw new ControlError(400, "resultDesc must be a string.");
  if (send !== undefined && typeof send !== "boolean") throw new ControlError(400, "send must be true or false.");
  if (push.state !== "pending") throw new ControlError(409, `Push ${push.checkoutRequestId} was already answered.`);
  const callback = store.settle(push, resultCode, resultDesc);
  const delivery = send === false ? null : await deliverCallback(push);
  return { callback, delivery, push };
}

/** `{ checkoutRequestId }`: POSTs an answered push's callback again. */
async function resend(store: PushStore, params: Params): Promise<unknown> {
  const push = pushOf(store, params);
  if (push.state !== "settled") throw new ControlError(409, `Push ${push.checkoutRequestId} has not been answered.`);
  return { callback: push.callback, delivery: await deliverCallback(push) };
}
