/**
 * A QR code drawn as vector squares on a PDF page (uqr finds the modules; pdf-lib fills them), so it
 * stays sharp at any zoom or print size and the same text always draws the same bytes.
 */
import { type PDFPage, rgb } from "pdf-lib";
import { encode } from "uqr";

/** Black on white: a tinted ink lowers the contrast a phone's camera reads the modules by. */
const DARK = rgb(0, 0, 0);
const LIGHT = rgb(1, 1, 1);

/** The light margin the QR standard asks for around the code, in modules: scanners find its edge by it. */
export const QR_QUIET_ZONE = 4;

/**
 * Level M (about 15% of the code may be lost): a printed invoice gets folded, stamped and photocopied,
 * and at M a receipt's verification link still fits a code a phone reads at 90-100 pt.
 */
const QR_OPTIONS = { ecc: "M", border: 0 } as const;

/** The code's modules for `text`: rows from the top, true where a module is dark. */
export function qrModules(text: string): boolean[][] {
  return encode(text, QR_OPTIONS).data;
}

/**
 * Draws `text`'s QR code in a `size`-point square whose bottom-left corner is (x, y), quiet zone
 * included. The square is filled white first, so the code reads on a tinted panel too. Each row's run
 * of dark modules is one rectangle: fewer operators, and no hairline seams where a viewer anti-aliases
 * the edges of neighbouring squares.
 */
export function drawQrCode(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const modules = qrModules(text);
  const cell = size / (modules.length + 2 * QR_QUIET_ZONE);
  page.drawRectangle({ x, y, width: size, height: size, color: LIGHT });
  const left = x + QR_QUIET_ZONE * cell;
  const top = y + size - QR_QUIET_ZONE * cell;
  modules.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c += 1;
        continue;
      }
      const start = c;
      while (row[c]) c += 1;
      page.drawRectangle({
        x: left + start * cell,
        y: top - (r + 1) * cell,
        width: (c - start) * cell,
        height: cell,
        color: DARK,
      });
    }
  });
}
