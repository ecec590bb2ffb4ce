// ItemSaveReq, checked field by field: an item must be registered before a sale can name it.
import { FieldReader, type Json, TAX_TYPES } from "./oscu.ts";

export type RegisteredItem = {
  itemCd: string;
  itemClsCd: string;
  itemTyCd: string;
  itemNm: string;
  taxTyCd: string;
  /** In whole cents. */
  dftPrcCents: number;
  useYn: string;
  /** The body as received, for GET /__control/items. */
  request: Json;
  savedAt: string;
  /** How many times it was saved: re-saving an itemCd updates it. */
  saves: number;
};

/** Item types: 1 raw material, 2 finished product, 3 service. */
const ITEM_TYPES = ["1", "2", "3"];
const CODE = { max: 5 };
const CLASS_CODE = { max: 10, pattern: /^\d{10}$/, hint: "10 digits" };

export function readItem(body: Json): Omit<RegisteredItem, "savedAt" | "saves"> {
  const f = new FieldReader(body);
  const itemCd = f.text("itemCd", { max: 20 });
  const itemClsCd = f.text("itemClsCd", CLASS_CODE);
  const itemTyCd = f.oneOf("itemTyCd", ITEM_TYPES);
  const itemNm = f.text("itemNm", { max: 200 });
  f.optionalText("itemStdNm", { max: 200 });
  f.text("orgnNatCd", CODE);
  f.text("pkgUnitCd", CODE);
  f.text("qtyUnitCd", CODE);
  const taxTyCd = f.oneOf("taxTyCd", TAX_TYPES);
  f.optionalText("btchNo", { max: 10 });
  f.optionalText("bcd", { max: 20 });
  const dftPrcCents = f.amount("dftPrc");
  for (const level of [1, 2, 3, 4, 5]) f.optionalAmount(`grpPrcL${level}`);
  f.optionalText("addInfo", { max: 7 });
  if (f.has("sftyQty")) f.amount("sftyQty");
  f.yn("isrcAplcbYn");
  const useYn = f.yn("useYn");
  f.registrar();
  return { itemCd, itemClsCd, itemTyCd, itemNm, taxTyCd, dftPrcCents, useYn, request: body };
}
