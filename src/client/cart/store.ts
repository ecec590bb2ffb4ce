import type { CartItem, CartItemInput } from "../../checkout/cart-item-schema.ts";
import { CART_STORAGE_KEY } from "../../lib/cart-storage-key.ts";
import { MAX_CART_ITEMS, MAX_QUANTITY } from "../../lib/text-limits.ts";

export { CART_STORAGE_KEY };

export type CartItems = readonly CartItem[];
/** `null` while the stored cart is not known yet: on the server, and in the browser until it is read. */
export type CartSnapshot = CartItems | null;
/** Keeps the stored entries that are valid cart items, dropping the rest. */
export type ItemsValidator = (entries: readonly unknown[]) => CartItem[];
export type CartStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type CartStore = {
  getSnapshot: () => CartSnapshot;
  subscribe: (listener: () => void) => () => void;
  add: (item: CartItemInput) => void;
  remove: (id: string) => void;
  clear: () => void;
  /** Replaces the whole cart (a quote's lines, say), dropping what it held and any change still pending. */
  replace: (items: readonly CartItem[]) => void;
  /** Re-reads the stored cart (another tab changed it, or the page came back from the bfcache). */
  refresh: () => void;
};

export type CartStoreOptions = {
  storage: CartStorage | null;
  /** Called only when the stored cart holds entries, so empty carts never load the validator. */
  loadValidator: () => ItemsValidator | Promise<ItemsValidator>;
};

export function cartCount(items: CartItems): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Same id: one more of it (up to the cap); otherwise appended with quantity 1. */
function addItem(items: CartItems, input: CartItemInput): CartItems {
  if (items.some((item) => item.id === input.id)) {
    return items.map((item) =>
      item.id === input.id ? { ...item, quantity: Math.min(item.quantity + 1, MAX_QUANTITY) } : item,
    );
  }
  if (items.length >= MAX_CART_ITEMS) return items;
  // Explicit key order, the schema's, so a stored cart re-validates to the identical string.
  const { id, name, description, category, tier, price } = input;
  return [...items, { id, name, description, category, tier, price, quantity: 1 }];
}

function removeItem(items: CartItems, id: string): CartItems {
  return items.filter((item) => item.id !== id);
}

/** The entries of a stored cart, or none when it is missing, unreadable or not an array. */
function decodeStoredCart(raw: string | null): unknown[] {
  if (!raw) return [];
  try {
    const data: unknown = JSON.parse(raw);
    return Array.isArray(data) ? data : [];
  } catch {
    return [];
  }
}

/** One line per id (the first wins) and no more lines than the payment endpoint accepts. */
function normalizeItems(items: readonly CartItem[]): CartItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id)).slice(0, MAX_CART_ITEMS);
}

function encode(items: CartItems): string | null {
  return items.length > 0 ? JSON.stringify(items) : null;
}

/** A whole cart as given (a quote's lines), capped, in the schema's key order as add() writes it. */
function replacementItems(next: readonly CartItem[]): CartItem[] {
  // The schema's order makes the stored cart re-validate to the very same string.
  const ordered = next.map(({ id, name, description, category, tier, price, quantity }) => ({
    id,
    name,
    description,
    category,
    tier,
    price,
    quantity: Math.min(quantity, MAX_QUANTITY),
  }));
  return normalizeItems(ordered);
}

/** Reads and writes the stored cart, shrugging off storage that refuses (private mode, a full quota). */
function cartStorage(storage: CartStorage | null) {
  return {
    read(): string | null {
      try {
        return storage?.getItem(CART_STORAGE_KEY) ?? null;
      } catch {
        return null;
      }
    },
    write(next: CartItems): void {
      const text = encode(next);
      try {
        if (text === null) storage?.removeItem(CART_STORAGE_KEY);
        else storage?.setItem(CART_STORAGE_KEY, text);
      } catch {
        // The cart still works for this page, it just is not kept.
      }
    },
  };
}

/** The loader's answer, a throw turned into a rejection so both failures take one path. */
function tryLoading(load: CartStoreOptions["loadValidator"]): ItemsValidator | Promise<ItemsValidator> {
  try {
    return load();
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * The validator when it has loaded; otherwise null, and a load starts unless one is under way:
 * `ready` once it is (at once for a synchronous loader), `failed` if it failed. A failed load is
 * tried again on the next call.
 */
function validatorLoader(loadValidator: CartStoreOptions["loadValidator"]) {
  let validate: ItemsValidator | null = null;
  let loading = false;
  return (ready: () => void, failed: (error: unknown) => void): ItemsValidator | null => {
    if (validate || loading) return validate;
    const loaded = tryLoading(loadValidator);
    if (typeof loaded === "function") {
      validate = loaded;
      return validate;
    }
    loading = true;
    loaded.then(
      (value) => {
        loading = false;
        validate = value;
        ready();
      },
      (error: unknown) => {
        loading = false;
        failed(error);
      },
    );
    return null;
  };
}

type Change = (current: CartItems) => CartItems;

const applyAll = (changes: readonly Change[], start: CartItems): CartItems =>
  changes.reduce((next, change) => change(next), start);

export function createCartStore({ storage, loadValidator }: CartStoreOptions): CartStore {
  let items: CartSnapshot = null;
  /**
   * While the stored cart holds entries not read yet (the validator is loading, or failed to load):
   * the changes asked for meanwhile, to apply to it once it is read. Until then nothing is written
   * over it (it may be the visitor's whole cart). Null once it is read.
   */
  let waiting: Change[] | null = null;
  const listeners = new Set<() => void>();
  const { read, write } = cartStorage(storage);
  const validator = validatorLoader(loadValidator);

  const publish = (next: CartItems): void => {
    items = next;
    for (const listener of listeners) listener();
  };

  const commit = (next: CartItems): void => {
    waiting = null;
    write(next);
    publish(next);
  };

  const settle = (raw: string | null, valid: CartItems): void => {
    const next = applyAll(waiting ?? [], valid);
    waiting = null;
    // Writing back the cleaned cart makes every page (and tab) agree on what survived.
    if (encode(next) !== raw) write(next);
    publish(next);
  };

  const loadFailed = (error: unknown): void => {
    // Offline, say. Nothing stored can be trusted unchecked: show an empty cart (with what was
    // added since) for now but leave the stored one alone, and try loading again on the next
    // change or refresh.
    console.error("Could not load the cart validator:", error);
    // A clear() or replace() meanwhile wrote a cart of its own, which the page already shows.
    if (waiting) publish(applyAll(waiting, []));
  };

  const refresh = (): void => {
    const raw = read();
    const entries = decodeStoredCart(raw);
    if (entries.length === 0) {
      settle(raw, []);
      return;
    }
    waiting ??= [];
    const validate = validator(refresh, loadFailed);
    if (validate) settle(raw, normalizeItems(validate(entries)));
  };

  const change = (apply: Change): void => {
    if (items !== null && !waiting) {
      commit(apply(items));
      return;
    }
    waiting ??= [];
    waiting.push(apply);
    // Shown at once (once the page shows a cart at all), stored only on top of the stored cart once
    // that is read: this try, or a later one.
    if (items !== null) {
      publish(apply(items));
      refresh();
    }
  };

  refresh();

  return {
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: (item) => change((current) => addItem(current, item)),
    remove: (id) => change((current) => removeItem(current, id)),
    // A whole new cart, written at once: whatever was stored or waiting is dropped.
    clear: () => commit([]),
    replace: (next) => commit(replacementItems(next)),
    refresh,
  };
}

function browserStorage(): CartStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function createBrowserCartStore(): CartStore {
  const inBrowser = typeof window !== "undefined";
  const store = createCartStore({
    storage: inBrowser ? browserStorage() : null,
    loadValidator: () => import("./validate.ts").then((m) => m.validCartItems),
  });
  if (inBrowser) {
    window.addEventListener("storage", (event) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) store.refresh();
    });
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) store.refresh();
    });
  }
  return store;
}

let browserCartStore: CartStore | undefined;

/** The page's one cart, shared by the header script and every island. */
export function getCartStore(): CartStore {
  browserCartStore ??= createBrowserCartStore();
  return browserCartStore;
}
