import { type PDFFont, type PDFPage, type RGB, rgb } from "pdf-lib";

/** The document's text colour, the default of every drawn run. */
export const INK = rgb(0.09, 0.11, 0.15);

/**
 * Text as the PDF can hold it: format characters (zero-width spaces and joiners, bidi marks, soft
 * hyphens: a PDF has no bidi algorithm or shaping that would use them) are drawn as nothing, control
 * characters and line breaks as a space, and emoji not at all (no colour glyphs in these fonts; a
 * name keeps its letters).
 */
function printable(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\p{Cf}+/gu, "")
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Variation_Selector}|[\u{E0020}-\u{E007F}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Each font's characters, read once: a font both weights draw with (see fonts.ts) is in two families. */
const characterSets = new WeakMap<PDFFont, Set<number>>();

function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/** A family of embedded fonts that draws text in runs, each run in the first font that has its characters. */
export class FontFamily {
  readonly #fonts: PDFFont[];
  readonly #sets: Set<number>[];
  constructor(fonts: PDFFont[]) {
    this.#fonts = fonts;
    this.#sets = fonts.map(characterSet);
  }

  /** Whether every character can be drawn (else it is replaced by "?" and the caller may say so). */
  covers(text: string): boolean {
    return [...printable(text)].every((ch) => this.#indexOf(ch) >= 0);
  }

  #indexOf(ch: string): number {
    const cp = ch.codePointAt(0) ?? 0;
    return this.#sets.findIndex((set) => set.has(cp));
  }

  /** Characters no embedded font has are left out (covers() lets the caller say so). */
  #runs(text: string): { font: PDFFont; text: string }[] {
    const runs: { font: PDFFont; text: string }[] = [];
    for (const ch of printable(text)) {
      const font = this.#fonts[this.#indexOf(ch)];
      if (!font) continue;
      const last = runs.at(-1);
      if (last && last.font === font) last.text += ch;
      else runs.push({ font, text: ch });
    }
    return runs;
  }

  /** What of the text can be drawn. */
  drawable(text: string): string {
    return this.#runs(text)
      .map((run) => run.text)
      .join("")
      .replace(/\s+/g, " ")
      .trim();
  }

  /** Widths at size 1, by text: laying text out (OpenType shaping) is most of a quote's CPU time. */
  readonly #widths = new Map<string, number>();

  width(text: string, size: number): number {
    let unit = this.#widths.get(text);
    if (unit === undefined) {
      unit = this.#runs(text).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, 1), 0);
      this.#widths.set(text, unit);
    }
    return unit * size;
  }

  draw(page: PDFPage, text: string, x: number, y: number, size: number, color: RGB = INK): void {
    let at = x;
    for (const run of this.#runs(text)) {
      page.drawText(run.text, { x: at, y, size, font: run.font, color });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
  }

  /**
   * Cuts text to fit a width, with an ellipsis: a table cell never runs into the next column. The cut
   * is found by halving, so a long text costs a few layouts rather than one per character.
   */
  fit(text: string, size: number, maxWidth: number): string {
    if (this.width(text, size) <= maxWidth) return text;
    const chars = [...text];
    let fits = 1;
    let tooLong = chars.length;
    while (tooLong - fits > 1) {
      const middle = Math.floor((fits + tooLong) / 2);
      if (this.width(`${chars.slice(0, middle).join("")}…`, size) <= maxWidth) fits = middle;
      else tooLong = middle;
    }
    return `${chars.slice(0, fits).join("")}…`;
  }

  /** Splits text into lines of at most maxWidth. */
  wrap(text: string, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, size) <= maxWidth || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }
}
