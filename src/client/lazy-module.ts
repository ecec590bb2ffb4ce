type LazyModule<T> = {
  /** The value, loading it on the first call; every caller shares one attempt at a time. */
  load: () => Promise<T>;
  /** The value if it has loaded, for checks that must stay synchronous. */
  loaded: () => T | null;
};

/**
 * Loads something once it succeeds, and tries again on the next call when it failed: a chunk that
 * failed to arrive (a dropped phone connection, a deploy that replaced it) must not stay failed
 * for the rest of the page's life.
 */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    load() {
      loading ??= importer().then(
        (ready) => {
          value = ready;
          return ready;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => value,
  };
}
