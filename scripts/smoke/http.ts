import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { gunzipSync } from "node:zlib";

/** A live site answers in well under a second; ten seconds means it is down, not slow. */
const REQUEST_TIMEOUT_MS = 10_000;

export type Answer = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as the site meant it (gzip undone). */
  body: Buffer;
  /** Status line, headers and the body as sent (compressed): what a first round trip must carry. */
  wireBytes: number;
};

export type Probe = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

/**
 * One request on a fresh connection, redirects not followed (a redirect is an answer to judge),
 * gzip asked for as a browser does: node:http rather than fetch, because fetch hides the bytes
 * the site actually sent. Rejects on a network error or after REQUEST_TIMEOUT_MS.
 */
export function probe(url: string, options: Probe = {}): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  const headers = { "Accept-Encoding": "gzip", "User-Agent": "site-smoke", ...options.headers };
  return new Promise((resolve, reject) => {
    const req = send(target, { method: options.method ?? "GET", headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const status = res.statusCode ?? 0;
        const head = headBytes(status, res.statusMessage ?? "", res.rawHeaders);
        try {
          const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
          resolve({ status, headers: res.headers, body, wireBytes: head + raw.byteLength });
        } catch (err) {
          reject(new Error(`undecodable gzip body (${(err as Error).message})`));
        }
      });
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * The bytes of an HTTP/1.1 status line and header block. Over HTTP/2 the headers are compressed,
 * so on a live site this is an upper bound of what the first round trip carries.
 */
function headBytes(status: number, statusMessage: string, rawHeaders: readonly string[]): number {
  let text = `HTTP/1.1 ${status} ${statusMessage}\r\n`;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) text += `${rawHeaders[i]}: ${rawHeaders[i + 1]}\r\n`;
  return Buffer.byteLength(`${text}\r\n`);
}

/** A header's value as one string ("" when absent). */
export function header(answer: Answer, name: string): string {
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}
