import { gzipSync } from "node:zlib";

export type Bytes = { raw: number; gzip: number };
export type RouteSizes = { html: Bytes; js: Bytes; css: Bytes; jsFiles: number; thirdPartyBlocking: string[] };

const gz = (buf: Uint8Array) => gzipSync(buf, { level: 9 }).byteLength;

/** What a first visit to `path` downloads: the HTML, its module scripts and preloads, its stylesheets. */
export async function measureRoute(origin: string, path: string): Promise<RouteSizes> {
  const htmlBuf = new Uint8Array(await (await fetch(origin + path)).arrayBuffer());
  const html = new TextDecoder().decode(htmlBuf);
  const head = html.slice(0, html.indexOf("</head>"));
  const scripts = attrs(head, /<script[^>]*\bsrc="([^"]+)"/g);
  const preloads = attrs(head, /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
  const styles = attrs(head, /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  // Pages load their bundles through the inline island loader, after first paint.
  const deferred = attrs(html, /<script data-entries="([^"]*)"(?: data-preload="([^"]*)")?/g).flatMap((a) =>
    a.split(" "),
  );
  const deferredPreloads = [...html.matchAll(/<script data-entries="[^"]*" data-preload="([^"]*)"/g)].flatMap((m) =>
    (m[1] ?? "").split(" "),
  );
  const thirdPartyBlocking = [...scripts, ...styles].filter((u) => /^https?:\/\//.test(u) && !u.startsWith(origin));
  const jsFiles = [...new Set([...scripts, ...preloads, ...deferred, ...deferredPreloads])].filter(Boolean);
  return {
    html: { raw: htmlBuf.byteLength, gzip: gz(htmlBuf) },
    js: await sum(origin, jsFiles),
    css: await sum(origin, [...new Set(styles)]),
    jsFiles: jsFiles.length,
    thirdPartyBlocking,
  };
}

function attrs(html: string, re: RegExp): string[] {
  return [...html.matchAll(re)].map((m) => m[1]!);
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
