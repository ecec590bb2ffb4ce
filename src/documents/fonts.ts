import cyrillic400 from "@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff?inline";
import cyrillic700 from "@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff?inline";
import greek400 from "@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff?inline";
import greek700 from "@fontsource/noto-sans/files/noto-sans-greek-700-normal.woff?inline";
import latin400 from "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?inline";
import latin700 from "@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?inline";
import latinExt400 from "@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff?inline";
import vietnamese400 from "@fontsource/noto-sans/files/noto-sans-vietnamese-400-normal.woff?inline";
import vietnamese700 from "@fontsource/noto-sans/files/noto-sans-vietnamese-700-normal.woff?inline";
import fontkit from "@pdf-lib/fontkit";

/**
 * Noto Sans (SIL Open Font License, from @fontsource/noto-sans), split by script the way fontsource
 * ships it. Latin is drawn from the first file; a name in Polish, Vietnamese, Kikuyu (ĩ, ũ), Greek
 * or Cyrillic brings in the file that has its letters. Scripts these files lack (Arabic, which
 * pdf-lib cannot shape; Chinese, whose fonts are megabytes) get the stated fallback in pdf.ts.
 *
 * Latin Extended comes in the regular weight only, which bold text uses too: its file is the
 * largest (about 78 KB, embedded whole), and a quote's bold text needs it only for a letter or two
 * of a name (the Ł of Łukasz), where the regular weight reads as well. Embedded twice, it made the
 * worst quote cost up to twice the typical one.
 */
const SCRIPTS: { regular: string; bold?: string }[] = [
  { regular: latin400, bold: latin700 },
  { regular: latinExt400 },
  { regular: vietnamese400, bold: vietnamese700 },
  { regular: greek400, bold: greek700 },
  { regular: cyrillic400, bold: cyrillic700 },
];

type Script = { regular: Uint8Array; bold: Uint8Array; characters: Set<number> };

/**
 * The font files a document is drawn with, most common script first. A script with no bold file
 * has its regular file in both lists, the very same bytes: pdf.ts embeds it once.
 */
export type DocumentFonts = { regular: Uint8Array[]; bold: Uint8Array[] };

function bytesOfDataUrl(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  return Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * WOFF 1.0 to a plain OpenType file: the same tables, each zlib-inflated by the runtime. fontkit
 * reads WOFF itself, but inflates with a JavaScript decoder on every glyph lookup, which made a
 * quote cost hundreds of milliseconds of CPU; from the plain file it is a few tens.
 */
async function woffToSfnt(woff: Uint8Array): Promise<Uint8Array> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error("Not a WOFF file");
  const count = view.getUint16(12);
  const tables = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const entry = 44 + i * 20;
      const offset = view.getUint32(entry + 4);
      const compressed = view.getUint32(entry + 8);
      const original = view.getUint32(entry + 12);
      const stored = woff.subarray(offset, offset + compressed);
      const data = compressed < original ? await inflate(stored) : stored;
      if (data.length !== original) throw new Error("A WOFF table did not inflate to its stated size");
      return { tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data };
    }),
  );
  const headerSize = 12 + 16 * count;
  const padded = (n: number) => (n + 3) & ~3;
  const sfnt = new Uint8Array(headerSize + tables.reduce((sum, t) => sum + padded(t.data.length), 0));
  const out = new DataView(sfnt.buffer);
  out.setUint32(0, view.getUint32(4));
  out.setUint16(4, count);
  // searchRange, entrySelector and rangeShift, as OpenType defines them from the table count.
  const power = 2 ** Math.floor(Math.log2(count));
  out.setUint16(6, power * 16);
  out.setUint16(8, Math.log2(power));
  out.setUint16(10, count * 16 - power * 16);
  let at = headerSize;
  tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    out.setUint32(entry, table.tag);
    out.setUint32(entry + 4, table.checksum);
    out.setUint32(entry + 8, at);
    out.setUint32(entry + 12, table.data.length);
    sfnt.set(table.data, at);
    at += padded(table.data.length);
  });
  return sfnt;
}

/**
 * Decoded once per isolate: later quotes only pay for drawing. The decoded files are kept, never the
 * pending work: the Workers runtime refuses to let one request wait on I/O another request started,
 * so requests that arrive before the first decode finishes each decode their own.
 */
let decoded: Script[] | undefined;

async function loadScripts(): Promise<Script[]> {
  if (decoded) return decoded;
  const scripts = await Promise.all(
    SCRIPTS.map(async (files) => {
      const [regular, bold] = await Promise.all([
        woffToSfnt(bytesOfDataUrl(files.regular)),
        files.bold ? woffToSfnt(bytesOfDataUrl(files.bold)) : undefined,
      ]);
      return { regular, bold: bold ?? regular, characters: new Set(fontkit.create(regular).characterSet) };
    }),
  );
  decoded ??= scripts;
  return decoded;
}

/**
 * Scripts a document embeds at most, Latin included: real names and companies use one or two; more
 * would only let a visitor make every quote embed every font (each costs CPU and PDF size). Letters
 * of a further script are left out, and the PDF names the quote's page as where the name reads in
 * full, as for scripts these files lack.
 */
const MAX_SCRIPTS = 3;

/**
 * The fonts a document with this text needs: Latin always, each other script only when a character
 * of the text is first found in it (embedding a font costs CPU even when subset), in the order the
 * text brings them, at most MAX_SCRIPTS.
 */
export async function documentFontsFor(text: string): Promise<DocumentFonts> {
  const all = await loadScripts();
  const needed = new Set<Script>([all[0] as Script]);
  for (const ch of text) {
    if (needed.size >= MAX_SCRIPTS) break;
    const cp = ch.codePointAt(0) ?? 0;
    if ([...needed].some((s) => s.characters.has(cp))) continue;
    const script = all.find((s) => s.characters.has(cp));
    if (script) needed.add(script);
  }
  const chosen = all.filter((script) => needed.has(script));
  return { regular: chosen.map((s) => s.regular), bold: chosen.map((s) => s.bold) };
}
