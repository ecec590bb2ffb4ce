/** At most `max` characters of the text (whole code points, never half an emoji), with "…" when cut. */
export function clipped(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
}
