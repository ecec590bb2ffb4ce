// KRA's API gateway may put OAuth in front of OSCU: with ETIMS_CONSUMER_KEY and _SECRET set, the
// site asks `<base>/v1/token/generate` for a bearer token before its calls. The stand-in issues one
// for any Basic credentials with both parts, so that setting can be tried against it too.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { header, sendJson } from "../stripe-standin/http.ts";

export const TOKEN_PATH = "/v1/token/generate";

function hasBasicPair(auth: string): boolean {
  const basic = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(auth)?.[1];
  const pair = basic ? Buffer.from(basic, "base64").toString("utf8") : "";
  const colon = pair.indexOf(":");
  return colon > 0 && colon < pair.length - 1;
}

function tokenAnswer(req: IncomingMessage, url: URL): [number, unknown] {
  if (req.method !== "GET") return [405, { error: "method_not_allowed" }];
  if (url.searchParams.get("grant_type") !== "client_credentials") return [400, { error: "unsupported_grant_type" }];
  if (!hasBasicPair(header(req, "authorization") ?? "")) return [401, { error: "invalid_client" }];
  return [200, { access_token: randomBytes(21).toString("base64url"), expires_in: "3599" }];
}

/** GET <base>/v1/token/generate?grant_type=client_credentials with Basic base64(key:secret). */
export function tokenRoute(req: IncomingMessage, res: ServerResponse, url: URL): void {
  const [status, body] = tokenAnswer(req, url);
  sendJson(res, status, body);
}
