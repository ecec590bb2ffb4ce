import { getCartStore } from "../cart/store.ts";

// The order is paid: the stored cart is done with (spec: removed on display of this page).
getCartStore().clear();
