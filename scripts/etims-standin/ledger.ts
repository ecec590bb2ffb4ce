// What the stand-in holds for its one branch: registered items, accepted sales by invcNo, every
// request with its outcome, and what the invoice numbers say about the client's numbering.
import { createHash, createHmac } from "node:crypto";
import { type RegisteredItem, readItem } from "./items.ts";
import {
  answer,
  canonicalJson,
  type Json,
  nairobiStamp,
  type OscuAnswer,
  OscuRefusal,
  RESULT,
  SUCCEEDED,
} from "./oscu.ts";
import { invoiceNumberOf, readSale } from "./sale.ts";

export type Branch = { tin: string; bhfId: string };

export type ReceiptData = {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
};

export type AcceptedSale = Branch & {
  invcNo: number;
  orgInvcNo: number;
  rcptTyCd: "S" | "R";
  /** The request body exactly as received. */
  request: Json;
  /** The success answered, and answered again to an identical resend. */
  answer: OscuAnswer & { data: ReceiptData };
  acceptedAt: string;
  /** How many identical resends were answered with the same receipt. */
  resends: number;
};

export type Outcome =
  | "accepted"
  | "resent"
  | "refused"
  | "failed"
  | "held"
  | "told-to-refuse"
  | "accepted-then-failed"
  | "not-found";

/** One request as received (GET /__control/sales → requests). */
export type RecordedRequest = {
  path: string;
  receivedAt: string;
  /** The tin and bhfId headers (null when absent); never the cmcKey. */
  tin: string | null;
  bhfId: string | null;
  /** The Authorization header's scheme, when a gateway token was sent; never the token. */
  authScheme: string | null;
  body: unknown;
  status: number;
  resultCd: string | null;
  resultMsg: string | null;
  outcome: Outcome;
};

export type SequenceReport = {
  /** Every accepted invcNo, ascending. */
  numbers: number[];
  /** The accepted numbers are exactly 1..n (true while none is). */
  gapless: boolean;
  /** Numbers sent again with different content after being accepted (refused, 994). */
  duplicates: number[];
  /** Numbers sent again with identical content (answered with the same receipt). */
  resent: number[];
  /** Numbers accepted when they were not the highest accepted so far + 1, in arrival order. */
  outOfOrder: number[];
};

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32(bytes: Buffer): string {
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

export class Ledger {
  readonly items = new Map<string, RegisteredItem>();
  readonly sales = new Map<number, AcceptedSale>();
  readonly requests: RecordedRequest[] = [];
  #arrival: number[] = [];
  #duplicates = new Set<number>();
  #outOfOrder: number[] = [];
  #receipts = { S: 0, R: 0 };

  saveItem(body: Json): OscuAnswer {
    const item = readItem(body);
    const previous = this.items.get(item.itemCd);
    this.items.set(item.itemCd, { ...item, savedAt: new Date().toISOString(), saves: (previous?.saves ?? 0) + 1 });
    return answer(RESULT.ok, SUCCEEDED);
  }

  /**
   * A sale or credit note: an invcNo already accepted answers the same receipt again when the
   * content is the same (a resend after a lost answer) and is refused when it differs; any other
   * is checked field by field and, accepted, numbered and signed.
   */
  saveSale(body: Json, branch: Branch, cmcKey: string): { answer: OscuAnswer; fresh: boolean } {
    const canonical = canonicalJson(body);
    const taken = this.sales.get(invoiceNumberOf(body) ?? 0);
    if (taken) {
      if (canonicalJson(taken.request) !== canonical) {
        this.#duplicates.add(taken.invcNo);
        throw new OscuRefusal(
          RESULT.overlapped,
          `invcNo: invoice number already used: ${taken.invcNo} was accepted with different content`,
        );
      }
      taken.resends += 1;
      return { answer: { ...taken.answer, resultDt: nairobiStamp() }, fresh: false };
    }
    const sale = readSale(body, {
      items: this.items,
      receiptTypeOf: (n) => this.sales.get(n)?.rcptTyCd,
    });
    const highest = this.#arrival.reduce((a, b) => Math.max(a, b), 0);
    if (sale.invcNo !== highest + 1) this.#outOfOrder.push(sale.invcNo);
    this.#arrival.push(sale.invcNo);
    this.#receipts[sale.rcptTyCd] += 1;
    const digest = createHash("sha256").update(`${branch.tin}|${branch.bhfId}|${sale.invcNo}|${canonical}`).digest();
    const data: ReceiptData = {
      curRcptNo: this.#receipts[sale.rcptTyCd],
      totRcptNo: this.#receipts.S + this.#receipts.R,
      intrlData: base32(digest).slice(0, 26),
      rcptSign: base32(createHmac("sha256", cmcKey).update(digest).digest()).slice(0, 16),
      sdcDateTime: nairobiStamp(),
    };
    const accepted: AcceptedSale = {
      ...branch,
      ...sale,
      request: body,
      answer: { ...answer(RESULT.ok, SUCCEEDED), data },
      acceptedAt: new Date().toISOString(),
      resends: 0,
    };
    this.sales.set(sale.invcNo, accepted);
    return { answer: accepted.answer, fresh: true };
  }

  sequence(): SequenceReport {
    const numbers = [...this.sales.keys()].sort((a, b) => a - b);
    return {
      numbers,
      gapless: numbers.every((n, i) => n === i + 1),
      duplicates: [...this.#duplicates].sort((a, b) => a - b),
      resent: [...this.sales.values()]
        .filter((s) => s.resends > 0)
        .map((s) => s.invcNo)
        .sort((a, b) => a - b),
      outOfOrder: [...this.#outOfOrder],
    };
  }

  reset(): void {
    this.items.clear();
    this.sales.clear();
    this.requests.length = 0;
    this.#arrival = [];
    this.#duplicates.clear();
    this.#outOfOrder = [];
    this.#receipts = { S: 0, R: 0 };
  }
}
