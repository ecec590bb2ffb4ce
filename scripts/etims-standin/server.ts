import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { header, sendJson, sendText } from "../stripe-standin/http.ts";
import { controlRoute, type EtimsMode, type ModeState, ModeSwitch } from "./control.ts";
import { TOKEN_PATH, tokenRoute } from "./gateway.ts";
import type { RegisteredItem } from "./items.ts";
import { type AcceptedSale, type Branch, Ledger, type RecordedRequest, type SequenceReport } from "./ledger.ts";
import { answer, FieldReader, isObject, type Json, type OscuAnswer, OscuRefusal, RESULT, SUCCEEDED } from "./oscu.ts";

export const DEFAULT_TIN = "P051234567X";
export const DEFAULT_BRANCH_ID = "00";
export const DEFAULT_DEVICE_SERIAL = "KRACU0100000001";
export const DEFAULT_CMC_KEY = "test-cmc-key-0123456789abcdef";

export type EtimsStandinOptions = {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** The one taxpayer, branch and device the stand-in knows. */
  tin?: string;
  branchId?: string;
  deviceSerial?: string;
  /** The communication key initialisation hands out and every later call must carry. */
  cmcKey?: string;
  /** How long "timeout" mode holds a sale request before dropping the connection (default 30 s). */
  holdMs?: number;
  taxpayerName?: string;
};

export type EtimsStandin = {
  url: string;
  port: number;
  sales: () => AcceptedSale[];
  requests: () => RecordedRequest[];
  items: () => RegisteredItem[];
  sequence: () => SequenceReport;
  mode: () => ModeState;
  setMode: (mode: EtimsMode, count?: number) => ModeState;
  reset: () => void;
  close: () => Promise<void>;
};

/** KRA's bodies are small; a quarter megabyte holds a sale of a thousand lines. */
const MAX_BODY = 256 * 1024;
const INIT_PATH = "/selectInitOsdcInfo";
const ITEM_PATH = "/saveItem";
const SALE_PATH = "/saveTrnsSalesOsdc";
const OSCU_PATHS = new Set([INIT_PATH, ITEM_PATH, SALE_PATH]);

type Body = { text: string; tooLarge: boolean };

/** Reads to the end even past the limit, so the refusal can still be answered on the same connection. */
function readLimited(req: IncomingMessage): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("end", () => resolve({ text: Buffer.concat(chunks).toString("utf8"), tooLarge: size > MAX_BODY }));
    req.on("error", reject);
  });
}

function jsonBody(body: Body): Json {
  if (body.tooLarge) throw new OscuRefusal(RESULT.parameter, `Request body larger than ${MAX_BODY} bytes`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    throw new OscuRefusal(RESULT.parameter, "Request body is not JSON");
  }
  if (!isObject(parsed)) throw new OscuRefusal(RESULT.parameter, "Request body is not a JSON object");
  return parsed;
}

function parsedOrNull(body: Body): unknown {
  try {
    return body.tooLarge ? null : JSON.parse(body.text);
  } catch {
    return null;
  }
}

/** Digits derived from the serial, so the device's ids stay the same from one start to the next. */
function deviceDigits(serial: string): string {
  const n = createHash("sha256").update(serial).digest().readUInt32BE(0) % 100_000_000;
  return String(n).padStart(8, "0");
}

type Device = { tin: string; bhfId: string; serial: string; cmcKey: string; taxpayerName: string | undefined };

/** A server error as a gateway gives it: plain text, so a client must not count on JSON. */
function fail(res: ServerResponse, record: RecordedRequest, outcome: RecordedRequest["outcome"]): void {
  Object.assign(record, { status: 500, outcome });
  sendText(res, 500, "Internal Server Error");
}

/** Requests held unanswered ("timeout" mode) until holdMs passes or the stand-in closes. */
class Holds {
  readonly #releases = new Set<() => void>();
  readonly #ms: number;
  constructor(ms: number) {
    this.#ms = ms;
  }

  /** Never answers: drops the connection when released. */
  hold(res: ServerResponse, record: RecordedRequest): Promise<void> {
    record.outcome = "held";
    return new Promise<void>((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.#releases.delete(release);
        res.destroy();
        resolve();
      };
      const timer = setTimeout(release, this.#ms);
      this.#releases.add(release);
    });
  }

  releaseAll(): void {
    for (const release of [...this.#releases]) release();
  }
}

function initialise(device: Device, body: Json): OscuAnswer {
  const f = new FieldReader(body);
  const tin = f.text("tin", { max: 11 });
  const bhfId = f.text("bhfId", { max: 2 });
  const serial = f.text("dvcSrlNo", { max: 100 });
  if (tin !== device.tin || bhfId !== device.bhfId || serial !== device.serial) {
    throw new OscuRefusal(
      RESULT.invalidDevice,
      `It is not valid device: no device ${serial} at ${tin} branch ${bhfId}`,
    );
  }
  const digits = deviceDigits(device.serial);
  const info = {
    tin,
    taxprNm: device.taxpayerName ?? "STAND-IN TEST TAXPAYER",
    bsnsActv: "IT consultancy",
    bhfId,
    bhfNm: bhfId === "00" ? "Headquarter" : `Branch ${bhfId}`,
    bhfOpenDt: "20240101",
    prvncNm: "NAIROBI CITY",
    dstrtNm: "WESTLANDS",
    sctrNm: "WESTLANDS",
    locDesc: "Stand-in office",
    hqYn: bhfId === "00" ? "Y" : "N",
    mgrNm: "Stand-in Manager",
    mgrTelNo: "0700000000",
    mgrEmail: "manager@example.test",
    dvcId: `99999${digits}000`,
    sdcId: `KRACU01${digits}`,
    mrcNo: `WIS01${digits}`,
    cmcKey: device.cmcKey,
  };
  return answer(RESULT.ok, SUCCEEDED, { info });
}

function authenticate(device: Device, req: IncomingMessage): Branch {
  const tin = header(req, "tin");
  const bhfId = header(req, "bhfid");
  const cmcKey = header(req, "cmckey");
  const missing = [tin ? "" : "tin", bhfId ? "" : "bhfId", cmcKey ? "" : "cmcKey"].filter(Boolean);
  if (!tin || !bhfId || !cmcKey) {
    throw new OscuRefusal(RESULT.noHeader, `There is no Header information: ${missing.join(", ")}`);
  }
  if (tin !== device.tin || bhfId !== device.bhfId) {
    throw new OscuRefusal(RESULT.invalidDevice, `It is not valid device: no device at ${tin} branch ${bhfId}`);
  }
  if (cmcKey !== device.cmcKey) throw new OscuRefusal(RESULT.invalidDevice, "It is not valid device: wrong cmcKey");
  return { tin, bhfId };
}

/**
 * Starts a small server that speaks the part of KRA's eTIMS OSCU API the site uses (device
 * initialisation, item registration, sales and credit notes), checking each sale's arithmetic to
 * the cent, with test controls. Loopback only; dev and test tooling.
 */
export async function startEtimsStandin(options: EtimsStandinOptions): Promise<EtimsStandin> {
  const host = options.host ?? "127.0.0.1";
  const device = {
    tin: options.tin ?? DEFAULT_TIN,
    bhfId: options.branchId ?? DEFAULT_BRANCH_ID,
    serial: options.deviceSerial ?? DEFAULT_DEVICE_SERIAL,
    cmcKey: options.cmcKey ?? DEFAULT_CMC_KEY,
    taxpayerName: options.taxpayerName,
  };
  const holds = new Holds(options.holdMs ?? 30_000);
  const ledger = new Ledger();
  const modes = new ModeSwitch();
  const reset = () => {
    ledger.reset();
    modes.set("normal");
  };
  let origin = "";

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error("eTIMS stand-in error:", err);
      if (!res.headersSent) sendJson(res, 500, answer(RESULT.unknown, "Stand-in internal error"));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const path = url.pathname;
    const method = req.method ?? "GET";
    if (method === "GET" && (path === "/" || path === "/__health")) {
      return sendText(res, 200, "Local KRA eTIMS (OSCU) stand-in (test mode). See /__control/sales.");
    }
    if (path === TOKEN_PATH) return tokenRoute(req, res, url);
    if (await controlRoute({ ledger, modes, reset }, req, res, path)) return;
    const body = await readLimited(req);
    const record: RecordedRequest = {
      path,
      receivedAt: new Date().toISOString(),
      tin: header(req, "tin"),
      bhfId: header(req, "bhfid"),
      authScheme: /^(\S+) /.exec(header(req, "authorization") ?? "")?.[1] ?? null,
      body: parsedOrNull(body),
      status: 0,
      resultCd: null,
      resultMsg: null,
      outcome: "refused",
    };
    ledger.requests.push(record);
    const send = (status: number, payload: OscuAnswer, outcome: RecordedRequest["outcome"]) => {
      Object.assign(record, { status, resultCd: payload.resultCd, resultMsg: payload.resultMsg, outcome });
      sendJson(res, status, payload);
    };
    if (!OSCU_PATHS.has(path)) return send(404, answer(RESULT.unknown, `Unknown path ${path}`), "not-found");
    if (method !== "POST") return send(405, answer(RESULT.method, "There is a request Method error"), "refused");
    if (path === SALE_PATH) {
      const before = modes.before();
      if (before === "fail") return fail(res, record, "failed");
      if (before === "timeout") return holds.hold(res, record);
      if (before === "refuse") return send(200, answer(RESULT.parameter, "Stand-in told to refuse"), "told-to-refuse");
    }
    try {
      if (path === INIT_PATH) return send(200, initialise(device, jsonBody(body)), "accepted");
      const branch = authenticate(device, req);
      const json = jsonBody(body);
      if (path === ITEM_PATH) return send(200, ledger.saveItem(json), "accepted");
      const sale = ledger.saveSale(json, branch, device.cmcKey);
      if (sale.fresh && modes.loseAnswer()) return fail(res, record, "accepted-then-failed");
      send(200, sale.answer, sale.fresh ? "accepted" : "resent");
    } catch (err) {
      if (!(err instanceof OscuRefusal)) throw err;
      send(200, answer(err.resultCd, err.message), "refused");
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  return {
    url: origin,
    port,
    sales: () => [...ledger.sales.values()],
    requests: () => [...ledger.requests],
    items: () => [...ledger.items.values()],
    sequence: () => ledger.sequence(),
    mode: () => modes.state,
    setMode: (mode, count) => modes.set(mode, count),
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        holds.releaseAll();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
