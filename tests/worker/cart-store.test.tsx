import fc from "fast-check";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import {
  type CartItem,
  type CartItemInput,
  cartItemSchema,
  MAX_CART_ITEMS,
  MAX_QUANTITY,
} from "../../src/checkout/cart-item-schema.ts";
import { CartProvider, useCart } from "../../src/client/cart/CartProvider.tsx";
import {
  CART_STORAGE_KEY,
  type CartStorage,
  type CartStore,
  cartCount,
  createCartStore,
  type ItemsValidator,
} from "../../src/client/cart/store.ts";
import { cartTotalCents } from "../../src/client/cart/summary.ts";
import { validCartItems } from "../../src/client/cart/validate.ts";

class MemoryStorage implements CartStorage {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

/** A storage that refuses everything, as browsers in some private modes do. */
const brokenStorage: CartStorage = {
  getItem: () => {
    throw new DOMException("denied", "SecurityError");
  },
  setItem: () => {
    throw new DOMException("quota", "QuotaExceededError");
  },
  removeItem: () => {
    throw new DOMException("denied", "SecurityError");
  },
};

const item = (id: string, price = 100): CartItemInput => ({
  id,
  name: `Service ${id}`,
  description: "A service",
  category: "Support",
  tier: "entry",
  price,
});

function storeWith(raw: string | null, validator: ItemsValidator = validCartItems) {
  const storage = new MemoryStorage();
  if (raw !== null) storage.setItem(CART_STORAGE_KEY, raw);
  const store = createCartStore({ storage, loadValidator: () => validator });
  return { storage, store, stored: () => storage.getItem(CART_STORAGE_KEY) };
}

const items = (store: CartStore) => store.getSnapshot() ?? [];
/** Lets the loader's promise and the store's handlers run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("cart operations", () => {
  it("adds new items with quantity 1 and raises the quantity of an item already there", () => {
    const { store } = storeWith(null);
    expect(store.getSnapshot()).toEqual([]);
    store.add(item("e1", 20));
    store.add(item("s1", 150));
    store.add(item("e1", 20));
    expect(items(store).map((i) => [i.id, i.quantity])).toEqual([
      ["e1", 2],
      ["s1", 1],
    ]);
    expect(cartCount(items(store))).toBe(3);
    expect(cartTotalCents(items(store))).toBe(19_000);
  });

  it("removes by id and clears", () => {
    const { store, stored } = storeWith(null);
    store.add(item("e1"));
    store.add(item("e2"));
    store.remove("e1");
    expect(items(store).map((i) => i.id)).toEqual(["e2"]);
    store.clear();
    expect(store.getSnapshot()).toEqual([]);
    expect(stored()).toBeNull();
  });

  it("sums in cents, so prices with cents add up exactly", () => {
    const { store } = storeWith(null);
    store.add(item("a", 0.1));
    store.add(item("b", 0.2));
    expect(cartTotalCents(items(store))).toBe(30);
  });

  it("replaces the whole cart (a quote's lines): stored in the schema's key order, one line per id", () => {
    const { store, stored } = storeWith(JSON.stringify([{ ...item("e1"), quantity: 4 }]));
    let calls = 0;
    store.subscribe(() => calls++);
    const quoted: CartItem[] = [
      { quantity: 2, price: 150, tier: "small", category: "Networking", description: "d", name: "N", id: "s1" },
      { ...item("pricing-business", 375), quantity: 1 },
      { ...item("s1", 1), quantity: 9 },
    ];
    store.replace(quoted);
    expect(calls).toBe(1);
    const expected = [
      { id: "s1", name: "N", description: "d", category: "Networking", tier: "small", price: 150, quantity: 2 },
      { ...item("pricing-business", 375), quantity: 1 },
    ];
    expect(store.getSnapshot()).toEqual(expected);
    expect(stored()).toBe(JSON.stringify(expected));
    store.replace([]);
    expect(stored()).toBeNull();
  });

  it("replace wins over changes asked for before the stored cart was known", async () => {
    let release: (v: ItemsValidator) => void = () => {};
    const validator = new Promise<ItemsValidator>((resolve) => {
      release = resolve;
    });
    const storage = new MemoryStorage();
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...item("e1"), quantity: 1 }]));
    const store = createCartStore({ storage, loadValidator: () => validator });
    store.add(item("e2"));
    store.replace([{ ...item("s1"), quantity: 3 }]);
    release(validCartItems);
    await validator;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(items(store)).toEqual([{ ...item("s1"), quantity: 3 }]);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? "null")).toEqual([{ ...item("s1"), quantity: 3 }]);
  });

  it("tells subscribers about every change until they unsubscribe", () => {
    const { store } = storeWith(null);
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.add(item("e1"));
    store.remove("e1");
    unsubscribe();
    store.add(item("e2"));
    expect(calls).toBe(2);
  });
});

describe("persistence under the key 'cart'", () => {
  it("writes a JSON array and a new store restores it", () => {
    const first = storeWith(null);
    first.store.add(item("e1"));
    first.store.add(item("e1"));
    const saved = JSON.parse(first.stored() ?? "null");
    expect(saved).toEqual([{ ...item("e1"), quantity: 2 }]);
    const second = storeWith(first.stored());
    expect(second.store.getSnapshot()).toEqual(saved);
  });

  it.each([
    ["not JSON", "{oops"],
    ["an object", '{"id":"e1"}'],
    ["a number", "42"],
    ["a list of non-items", '[1,"x",null,[]]'],
  ])("reads %s as an empty cart and removes it", (_, raw) => {
    const { store, stored } = storeWith(raw);
    expect(store.getSnapshot()).toEqual([]);
    expect(stored()).toBeNull();
  });

  it("keeps the valid items of a tampered cart, the first line of each id, and rewrites it", () => {
    const good = { ...item("e1"), quantity: 2 };
    const raw = JSON.stringify([
      { ...good, id: "bad1", price: -1 },
      { ...good, id: "bad2", quantity: 0 },
      { ...good, id: "bad3", tier: "gold" },
      { ...good, id: "bad4", quantity: 2.5 },
      good,
      { ...good, quantity: 7 },
    ]);
    const { store, stored } = storeWith(raw);
    expect(store.getSnapshot()).toEqual([good]);
    expect(JSON.parse(stored() ?? "null")).toEqual([good]);
  });

  it("works in memory when storage throws on every call", () => {
    const store = createCartStore({ storage: brokenStorage, loadValidator: () => validCartItems });
    expect(store.getSnapshot()).toEqual([]);
    store.add(item("e1"));
    expect(cartCount(items(store))).toBe(1);
    store.refresh();
    expect(store.getSnapshot()).toEqual([]);
  });

  it("picks up what another tab stored when refreshed", () => {
    const { storage, store } = storeWith(null);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...item("s1"), quantity: 3 }]));
    store.refresh();
    expect(cartCount(items(store))).toBe(3);
  });
});

describe("before the stored cart is known", () => {
  it("is unknown while the validator loads, then applies the changes asked for meanwhile", async () => {
    let release: (v: ItemsValidator) => void = () => {};
    const validator = new Promise<ItemsValidator>((resolve) => {
      release = resolve;
    });
    const storage = new MemoryStorage();
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...item("e1"), quantity: 1 }]));
    const store = createCartStore({ storage, loadValidator: () => validator });
    expect(store.getSnapshot()).toBeNull();
    store.add(item("e1"));
    store.add(item("e2"));
    release(validCartItems);
    await validator;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(items(store).map((i) => [i.id, i.quantity])).toEqual([
      ["e1", 2],
      ["e2", 1],
    ]);
  });

  it("shows an empty cart but keeps the stored one when the validator cannot load", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const storage = new MemoryStorage();
    const raw = JSON.stringify([{ ...item("e1"), quantity: 1 }]);
    storage.setItem(CART_STORAGE_KEY, raw);
    const store = createCartStore({ storage, loadValidator: () => Promise.reject(new Error("offline")) });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getSnapshot()).toEqual([]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBe(raw);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it("never writes over a stored cart it could not read: changes wait, and land on it once it is read", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const storage = new MemoryStorage();
    const raw = JSON.stringify([{ ...item("e1"), quantity: 2 }]);
    storage.setItem(CART_STORAGE_KEY, raw);
    let online = false;
    let loads = 0;
    const store = createCartStore({
      storage,
      loadValidator: () => {
        loads++;
        return online ? Promise.resolve(validCartItems) : Promise.reject(new Error("offline"));
      },
    });
    await settled();
    store.add(item("e2"));
    await settled();
    // The visitor sees what they added; the cart they had is still stored, and was tried again.
    expect(items(store).map((i) => i.id)).toEqual(["e2"]);
    expect(storage.getItem(CART_STORAGE_KEY)).toBe(raw);
    expect(loads).toBe(2);
    online = true;
    store.add(item("e1"));
    await settled();
    expect(items(store).map((i) => [i.id, i.quantity])).toEqual([
      ["e1", 3],
      ["e2", 1],
    ]);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? "null")).toEqual(store.getSnapshot());
    logged.mockRestore();
  });

  it("does not write over another tab's cart while it is still being read", async () => {
    let release: (v: ItemsValidator) => void = () => {};
    const validator = new Promise<ItemsValidator>((resolve) => {
      release = resolve;
    });
    const storage = new MemoryStorage();
    const store = createCartStore({ storage, loadValidator: () => validator });
    const otherTab = [{ ...item("s1"), quantity: 3 }];
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(otherTab));
    store.refresh();
    store.add(item("e1"));
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? "null")).toEqual(otherTab);
    release(validCartItems);
    await settled();
    expect(items(store).map((i) => [i.id, i.quantity])).toEqual([
      ["s1", 3],
      ["e1", 1],
    ]);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? "null")).toEqual(store.getSnapshot());
  });

  it("keeps showing a cart replaced (a quote's lines) while the validator was failing to load", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    let fail: (error: Error) => void = () => {};
    const validator = new Promise<ItemsValidator>((_, reject) => {
      fail = reject;
    });
    const { storage, store } = storeWith(null, validCartItems);
    storage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...item("e1"), quantity: 1 }]));
    const reading = createCartStore({ storage, loadValidator: () => validator });
    reading.replace([{ ...item("s1"), quantity: 2 }]);
    fail(new Error("offline"));
    await settled();
    expect(reading.getSnapshot()).toEqual([{ ...item("s1"), quantity: 2 }]);
    store.refresh();
    expect(store.getSnapshot()).toEqual([{ ...item("s1"), quantity: 2 }]);
    logged.mockRestore();
  });

  it("does not load the validator for an empty cart", () => {
    let loads = 0;
    const store = createCartStore({
      storage: new MemoryStorage(),
      loadValidator: () => {
        loads++;
        return validCartItems;
      },
    });
    store.add(item("e1"));
    expect(loads).toBe(0);
  });
});

describe("property: whatever is stored, the cart holds only schema-valid, unique items", () => {
  const entry = fc.oneof(
    fc.anything(),
    fc.record({
      id: fc.constantFrom("e1", "e2", "s1", ""),
      name: fc.string({ maxLength: 3 }),
      description: fc.string({ maxLength: 3 }),
      category: fc.constantFrom("Support", ""),
      tier: fc.constantFrom("entry", "small", "gold"),
      price: fc.oneof(fc.double(), fc.integer({ min: -5, max: 5000 })),
      quantity: fc.oneof(fc.integer({ min: -2, max: 120 }), fc.double()),
    }),
  );
  it("holds", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (entries) => {
        const { store } = storeWith(JSON.stringify(entries));
        const cart = store.getSnapshot();
        if (cart === null) throw new Error("a synchronous validator leaves nothing unknown");
        for (const line of cart) expect(cartItemSchema().safeParse(line).success).toBe(true);
        expect(new Set(cart.map((l: CartItem) => l.id)).size).toBe(cart.length);
        expect(cartCount(cart)).toBe(cart.reduce((n, l) => n + l.quantity, 0));
      }),
    );
  });
});

describe("React binding", () => {
  function Probe() {
    const cart = useCart();
    return <p>{cart.items === null ? "unknown" : `${cart.count}`}</p>;
  }

  it("useCart outside a CartProvider throws", () => {
    expect(() => renderToString(<Probe />)).toThrow("useCart must be used within a CartProvider");
  });

  it("renders 'unknown yet' on the server, whatever the store holds", () => {
    const { store } = storeWith(null);
    store.add(item("e1"));
    const html = renderToString(
      <CartProvider store={store}>
        <Probe />
      </CartProvider>,
    );
    expect(html).toBe("<p>unknown</p>");
  });
});

describe("cart limits", () => {
  it("never stores more than the schema allows", () => {
    const { store } = storeWith(null);
    for (let i = 0; i < MAX_QUANTITY + 5; i++) store.add(item("e1"));
    expect(items(store)[0]?.quantity).toBe(MAX_QUANTITY);
    for (let i = 0; i < MAX_CART_ITEMS + 5; i++) store.add(item(`x${i}`));
    expect(items(store)).toHaveLength(MAX_CART_ITEMS);
  });
});
