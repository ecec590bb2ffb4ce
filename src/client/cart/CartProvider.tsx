import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import type { CartItemInput } from "../../checkout/cart-item-schema.ts";
import { type CartSnapshot, type CartStore, cartCount, getCartStore } from "./store.ts";
import { cartTotalCents } from "./summary.ts";

const CartContext = createContext<CartStore | null>(null);

/** Gives the islands below it the page's cart (or the one passed in, for tests). */
export function CartProvider({ store, children }: { store?: CartStore; children: ReactNode }) {
  return <CartContext value={store ?? getCartStore()}>{children}</CartContext>;
}

export type Cart = {
  /** `null` until the stored cart is known: on the server and while hydrating, so both render alike. */
  items: CartSnapshot;
  /** What the cart comes to, in cents. */
  totalCents: number;
  count: number;
  add: (item: CartItemInput) => void;
  remove: (id: string) => void;
  clear: () => void;
  /** Re-reads the stored cart and returns it: for a submit that must act on what is stored now. */
  latest: () => CartSnapshot;
};

// The server cannot see localStorage; "unknown" keeps the hydrating client in step with its HTML.
const unknownYet = (): CartSnapshot => null;

export function useCart(): Cart {
  const store = useContext(CartContext);
  if (!store) throw new Error("useCart must be used within a CartProvider");
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, unknownYet);
  return useMemo(
    () => ({
      items,
      totalCents: items ? cartTotalCents(items) : 0,
      count: items ? cartCount(items) : 0,
      add: store.add,
      remove: store.remove,
      clear: store.clear,
      latest: () => {
        store.refresh();
        return store.getSnapshot();
      },
    }),
    [items, store],
  );
}
