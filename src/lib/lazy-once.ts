/**
 * A value made on first use and kept for the isolate's life. Module-level work runs at every cold
 * start, whether or not the request needs it; this moves it to the first request that does.
 * A failure is not kept: a throw, or a promise that rejects, leaves the next call to try again.
 */
export function lazyOnce<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    if (made) return made.value;
    const value = make();
    const entry = { value };
    made = entry;
    if (value instanceof Promise) {
      value.catch(() => {
        if (made === entry) made = undefined;
      });
    }
    return value;
  };
}
