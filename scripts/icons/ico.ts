/**
 * An .ico file holding PNG images (Windows Vista onwards and every browser read PNG entries): a
 * 6-byte header, a 16-byte directory entry per image, then the images. Sizes are read from each
 * PNG's IHDR chunk.
 */
export function icoFile(pngs: readonly Uint8Array[]): Uint8Array {
  const header = 6 + 16 * pngs.length;
  const total = header + pngs.reduce((sum, png) => sum + png.byteLength, 0);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0, true); // reserved
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, pngs.length, true);
  let offset = header;
  pngs.forEach((png, i) => {
    const { width, height } = pngSize(png);
    const entry = 6 + 16 * i;
    // 256 px is written as 0: the field is one byte.
    view.setUint8(entry, width >= 256 ? 0 : width);
    view.setUint8(entry + 1, height >= 256 ? 0 : height);
    view.setUint8(entry + 2, 0); // no palette
    view.setUint8(entry + 3, 0); // reserved
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, png.byteLength, true);
    view.setUint32(entry + 12, offset, true);
    bytes.set(png, offset);
    offset += png.byteLength;
  });
  return bytes;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from a PNG's IHDR chunk (always the first, at byte 16). */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  if (!PNG_SIGNATURE.every((byte, i) => png[i] === byte)) throw new Error("Not a PNG image");
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
