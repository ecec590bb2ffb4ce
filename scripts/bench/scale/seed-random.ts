/**
 * The scale seeder's randomness: one seeded generator (mulberry32), so a seed always gives the same
 * rows, and the few ways the generators draw from it.
 */

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with this probability. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of the keys, in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** `length` characters drawn from `alphabet`. */
  chars(length: number, alphabet?: string): string;
};

const HEX = "0123456789abcdef";
export const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const BASE64URL = `${ALNUM}-_`;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted(weights) {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let left = next() * entries.reduce((sum, [, w]) => sum + w, 0);
      for (const [key, weight] of entries) {
        left -= weight;
        if (left < 0) return key;
      }
      return (entries.at(-1) as [keyof typeof weights, number])[0];
    },
    chars(length, alphabet = HEX) {
      let out = "";
      for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
  };
}

/** A version-4 UUID's shape, drawn from the seeded generator (not crypto: the run must repeat). */
export function seededUuid(random: Random): string {
  const h = random.chars(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20)}`;
}
