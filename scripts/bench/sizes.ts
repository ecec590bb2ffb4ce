import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { parseHTML } from "linkedom";

export type Bytes = { raw: number; gzip: number };
export type RouteSizes = {
  html: Bytes;
  /** The HTML response as it crosses the wire to a browser: status line, headers, encoded body. */
  response: { bytes: number; encoding: string };
  js: Bytes;
  css: Bytes;
  jsFiles: number;
  thirdPartyBlocking: string[];
};

/** What Chromium sends (on plain http to loopback too): the page's encoding is picked from it. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

const gz = (buf: Uint8Array) => gzipSync(buf, { level: 9 }).byteLength;

/** What a first visit to `path` downloads: the HTML, its module scripts and preloads, its stylesheets. */
export async function measureRoute(origin: string, path: string): Promise<RouteSizes> {
  const htmlBuf = new Uint8Array(await (await fetch(origin + path)).arrayBuffer());
  const { document } = parseHTML(new TextDecoder().decode(htmlBuf));
  const urlsOf = (selector: string, attribute: string) =>
    [...document.querySelectorAll(selector)].flatMap((el) => (el.getAttribute(attribute) ?? "").split(" "));
  const scripts = urlsOf("head script[src]", "src");
  const preloads = urlsOf('head link[rel="modulepreload"]', "href");
  const styles = urlsOf('head link[rel="stylesheet"]', "href");
  // Pages load their bundles through the inline island loader, after first paint: its entries and
  // the chunks it preloads (the page's islands) are what a first visit downloads.
  const deferred = [
    ...urlsOf("script[data-entries]", "data-entries"),
    ...urlsOf("script[data-preload]", "data-preload"),
  ];
  const thirdPartyBlocking = [...scripts, ...styles].filter((u) => /^https?:\/\//.test(u) && !u.startsWith(origin));
  const jsFiles = [...new Set([...scripts, ...preloads, ...deferred])].filter(Boolean);
  return {
    html: { raw: htmlBuf.byteLength, gzip: gz(htmlBuf) },
    response: await responseBytes(origin + path),
    js: await sum(origin, jsFiles),
    css: await sum(origin, [...new Set(styles)]),
    jsFiles: jsFiles.length,
    thirdPartyBlocking,
  };
}

async function sum(origin: string, urls: string[]): Promise<Bytes> {
  const total = { raw: 0, gzip: 0 };
  for (const url of urls) {
    const buf = new Uint8Array(await (await fetch(new URL(url, origin))).arrayBuffer());
    total.raw += buf.byteLength;
    total.gzip += gz(buf);
  }
  return total;
}

/**
 * Every byte of one response on its socket (a fresh connection each time), headers and chunked
 * framing included: what must fit the first congestion window (10 segments, about 14,600 bytes)
 * for the page to paint after one round trip.
 */
function responseBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { "Accept-Encoding": BROWSER_ACCEPT_ENCODING } }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ bytes: res.socket.bytesRead, encoding: String(res.headers["content-encoding"] ?? "identity") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
