import type { ReactNode } from "react";
import { adminCopy } from "./admin-copy.ts";

/** Every bidirectional control character: embeddings, overrides, isolates and the two marks. */
const BIDI_CONTROLS = /([\u202A-\u202E\u2066-\u2069\u200E\u200F])/;

/** A visible badge in place of a bidirectional control character, named in full for screen readers. */
function BidiMarker({ char }: { char: string }) {
  const [short, name] = adminCopy.bidi[char] ?? ["BIDI", "bidirectional control"];
  return (
    <abbr
      title={name}
      className="mx-0.5 inline-block rounded bg-red-50 px-1 align-baseline font-mono text-[0.7rem] leading-4 font-semibold text-red-800 no-underline ring-1 ring-red-700/40 ring-inset"
      data-bidi-marker={short}
    >
      {short}
    </abbr>
  );
}

/**
 * Text a visitor typed (a name, an e-mail address, a message…), as the back office shows it: isolated
 * in a <bdi> so right-to-left text cannot reorder what surrounds it; each bidirectional control
 * character (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F) shown as a marker ("RLO") instead of
 * acting, so "gnp.exe" after a right-to-left override reads as typed; long unbroken strings wrap
 * anywhere. React escapes the text, so nothing in it runs or loads.
 */
export function VisitorText({ text, className = "" }: { text: string | null | undefined; className?: string }) {
  if (text === null || text === undefined || text === "") return null;
  const parts: ReactNode[] = [];
  let offset = 0;
  for (const [i, part] of text.split(BIDI_CONTROLS).entries()) {
    // Odd parts are the controls the split kept; the offset in the text keys each marker.
    if (i % 2 === 1) parts.push(<BidiMarker key={offset} char={part} />);
    else if (part) parts.push(part);
    offset += part.length;
  }
  return (
    <bdi className={`[overflow-wrap:anywhere] ${className}`.trim()} data-visitor-text="">
      {parts}
    </bdi>
  );
}
