// Registers our catalogue with KRA eTIMS (saveItem), once per item: its code, classification,
// type 3 (a service), units and tax type. Re-running updates them (KRA's saveItem saves an existing
// code again). Used by `npm run etims:items` and by `npm start` for its local stand-in.
import { catalogue } from "../../src/catalogue/catalogue.ts";
import {
  GENERAL_SERVICE,
  ITEM_TYPE_SERVICE,
  itemClassOf,
  itemCodeOf,
  PACKAGING_UNIT,
  QUANTITY_UNIT,
} from "../../src/etims/item-codes.ts";
import type { OscuClient } from "../../src/providers/etims.ts";
import type { TaxType } from "../../src/tax/vat.ts";

type Item = { id: string; name: string; category: string; unitAmount: number };

/** What saveItem is sent for one item; dftPrc is the catalogue's price in US dollars' figures (KRA keeps it for reference only). */
export function itemRequest(item: Item, taxType: TaxType): Record<string, unknown> {
  const itemCd = itemCodeOf(item.id);
  if (!itemCd) throw new Error(`${item.id} has no eTIMS item code: add it to src/etims/item-codes.ts`);
  return {
    itemCd,
    itemClsCd: itemClassOf(item.category),
    itemTyCd: ITEM_TYPE_SERVICE,
    itemNm: item.name,
    itemStdNm: null,
    orgnNatCd: "KE",
    pkgUnitCd: PACKAGING_UNIT,
    qtyUnitCd: QUANTITY_UNIT,
    taxTyCd: taxType,
    btchNo: null,
    bcd: null,
    dftPrc: item.unitAmount / 100,
    addInfo: null,
    sftyQty: null,
    isrcAplcbYn: "N",
    useYn: "Y",
    regrId: "website",
    regrNm: "Website",
    modrId: "website",
    modrNm: "Website",
  };
}

/** Every item we sell, and the general service a sale names when its order lines are gone. */
export function itemsToRegister(): Item[] {
  return [...catalogue.values(), { ...GENERAL_SERVICE, unitAmount: 0 }];
}

export async function registerItems(
  client: OscuClient,
  taxType: TaxType,
  log: (line: string) => void,
): Promise<number> {
  let count = 0;
  for (const item of itemsToRegister()) {
    const request = itemRequest(item, taxType);
    await client.saveItem(request);
    log(`  ${request.itemCd}  ${item.name}`);
    count += 1;
  }
  return count;
}
