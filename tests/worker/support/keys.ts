/**
 * A key one character away from the real one. Always different: appending a fixed letter in place
 * of the last one returns the real key whenever it already ended in that letter (1 in 64 runs).
 */
export function nearlyTheKey(key: string): string {
  const last = key.at(-1);
  return `${key.slice(0, -1)}${last === "A" ? "B" : "A"}`;
}
