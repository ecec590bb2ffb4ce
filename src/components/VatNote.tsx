import { taxCopy } from "../tax/tax-copy.ts";

/**
 * "All prices include 16% VAT.", once per page in small muted print (cards stay uncluttered), and
 * only where prices do include it: a seller not registered for VAT says nothing.
 */
export function VatNote({ vatIncluded, className = "" }: { vatIncluded: boolean; className?: string }) {
  if (!vatIncluded) return null;
  return <p className={`text-xs text-slate-600 ${className}`}>{taxCopy.pricesInclude}</p>;
}
