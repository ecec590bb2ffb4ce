import { kraPinInput } from "../checkout/checkout-copy.ts";
import { adminOrderKraPinPath } from "../paths.ts";
import { adminCopy } from "./admin-copy.ts";
import { button } from "./admin-ui.tsx";
import type { BackOfficeOrder } from "./order-section.ts";

/**
 * The buyer's KRA PIN, to add, correct or remove until the order's tax invoice is reported to KRA;
 * from then on only shown (the form would be refused: the invoice keeps the PIN it was sent with).
 */
export function KraPinForm({
  order,
  listQuery,
  reported,
}: {
  order: BackOfficeOrder;
  listQuery: string;
  reported: boolean;
}) {
  const copy = adminCopy.orders.kraPin;
  if (reported) {
    return (
      <p className="mt-4 text-sm text-slate-700" data-kra-pin-locked="">
        {copy.locked(order.customer_kra_pin ?? copy.none)}
      </p>
    );
  }
  const id = `kra-pin-${order.order_id}`;
  return (
    <form method="post" action={adminOrderKraPinPath(order.order_id, listQuery)} className="mt-4 min-w-0">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {copy.label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {copy.hint}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={id}
          name="kraPin"
          type="text"
          defaultValue={order.customer_kra_pin ?? ""}
          autoComplete={kraPinInput.autoComplete}
          maxLength={kraPinInput.maxLength}
          spellCheck={kraPinInput.spellCheck}
          autoCapitalize={kraPinInput.autoCapitalize}
          aria-describedby={`${id}-hint`}
          className="block w-44 min-w-0 rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        <button type="submit" className={button}>
          {copy.submit}
        </button>
      </div>
    </form>
  );
}
