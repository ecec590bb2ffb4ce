/**
 * KRA eTIMS through OSCU (the online sales control unit): the three calls we make, in KRA's shapes.
 * Every call is a JSON POST carrying the headers tin, bhfId and cmcKey (selectInitOsdcInfo, which
 * issues the cmcKey, carries none), answered by `{ resultCd, resultMsg, resultDt, data }` with
 * resultCd "000" for success. ETIMS_API_BASE may point the calls at a stand-in on loopback only,
 * under the same rule as Stripe's and Daraja's (http/loopback.ts). Used by the worker and by the
 * Node commands (npm run etims:init, etims:items), so it reads a plain object of settings.
 */
import { type StringBindingName, stringBinding } from "../http/bindings.ts";
import { loopbackApiBase } from "../http/loopback.ts";
import { normaliseKraPin } from "../lib/kra-pin.ts";

const OSCU_BASES: Record<string, string> = {
  sandbox: "https://etims-api-sbx.kra.go.ke/etims-api",
  production: "https://etims-api.kra.go.ke/etims-api",
};
/** KRA's API gateway, when it puts OAuth in front of OSCU (ETIMS_CONSUMER_KEY and _SECRET set). */
const TOKEN_URLS: Record<string, string> = {
  sandbox: "https://sbx.kra.go.ke/v1/token/generate?grant_type=client_credentials",
  production: "https://api.kra.go.ke/v1/token/generate?grant_type=client_credentials",
};
/** Where KRA's receipt verification page lives: the QR code of a tax invoice links it. */
const VERIFY_HOSTS: Record<string, string> = {
  sandbox: "https://etims-sbx.kra.go.ke",
  production: "https://etims.kra.go.ke",
};

/** One sale's call waits this long: the sender runs in a queue consumer, never in a buyer's request. */
const OSCU_TIMEOUT_MS = 20_000;

export class EtimsNotConfiguredError extends Error {
  override name = "EtimsNotConfiguredError";
}

/** A setting is there but unusable (a PIN that is not one, an unknown ETIMS_ENV): the owner must hear of it. */
export class EtimsMisconfiguredError extends EtimsNotConfiguredError {
  override name = "EtimsMisconfiguredError";
}

/** KRA did not answer usably (unreachable, timed out, HTTP error, not JSON): try again later. */
export class EtimsUnavailableError extends Error {
  override name = "EtimsUnavailableError";
}

/** KRA answered with a resultCd other than "000": the request's content was refused. */
export class EtimsRefusedError extends Error {
  override name = "EtimsRefusedError";
  readonly resultCd: string;
  readonly resultMsg: string;
  constructor(resultCd: string, resultMsg: string) {
    super(`KRA refused it: ${resultCd} ${resultMsg}`);
    this.resultCd = resultCd;
    this.resultMsg = resultMsg;
  }
}

export type EtimsConfig = {
  env: "sandbox" | "production";
  base: string;
  tokenUrl: string | null;
  tin: string;
  branchId: string;
  deviceSerial: string;
  /** Empty until `npm run etims:init` has issued one (only the init call works without it). */
  cmcKey: string;
  oauth: { key: string; secret: string } | null;
};

type Settings = Record<string, string | undefined>;

const read = (settings: object, name: StringBindingName): string | undefined =>
  stringBinding(settings, name)?.trim() || undefined;

/**
 * The configuration from the worker's env (or process.env for the commands); throws
 * EtimsNotConfiguredError naming what is missing, EtimsMisconfiguredError naming what is unusable.
 * `needKey` false: the init call, before a cmcKey exists.
 */
export function readEtimsConfig(settings: object | Settings, needKey = true): EtimsConfig {
  const fail = (message: string) => new EtimsMisconfiguredError(message);
  const typedTin = read(settings, "ETIMS_TIN");
  const deviceSerial = read(settings, "ETIMS_DEVICE_SERIAL");
  const cmcKey = read(settings, "ETIMS_CMC_KEY") ?? "";
  if (!typedTin || !deviceSerial || (needKey && !cmcKey)) {
    const missing = `ETIMS_TIN, ETIMS_DEVICE_SERIAL${needKey ? " and ETIMS_CMC_KEY" : ""} must all be set`;
    throw new EtimsNotConfiguredError(missing);
  }
  const tin = normaliseKraPin(typedTin);
  if (!tin) throw fail("ETIMS_TIN must be a KRA PIN such as P051234567X");
  const branchId = read(settings, "ETIMS_BRANCH_ID") ?? "00";
  if (!/^\d{2}$/.test(branchId)) throw fail("ETIMS_BRANCH_ID must be two digits, e.g. 00");
  const env = read(settings, "ETIMS_ENV") ?? "sandbox";
  if (env !== "sandbox" && env !== "production") throw fail("ETIMS_ENV must be sandbox or production");
  const override = loopbackApiBase(read(settings, "ETIMS_API_BASE"), "ETIMS_API_BASE", fail);
  const base = override ? override.href.replace(/\/+$/, "") : (OSCU_BASES[env] as string);
  const key = read(settings, "ETIMS_CONSUMER_KEY");
  const secret = read(settings, "ETIMS_CONSUMER_SECRET");
  const oauth = key && secret ? { key, secret } : null;
  const tokenUrl = oauth
    ? override
      ? `${base}/v1/token/generate?grant_type=client_credentials`
      : (TOKEN_URLS[env] as string)
    : null;
  return { env, base, tokenUrl, tin, branchId, deviceSerial, cmcKey, oauth };
}

/**
 * Sales are reported only when eTIMS is configured: null when a secret is missing. An unusable
 * setting throws EtimsMisconfiguredError, which the callers log: reporting must not stop silently.
 */
export function etimsConfigOrNull(env: object): EtimsConfig | null {
  try {
    return readEtimsConfig(env);
  } catch (err) {
    if (err instanceof EtimsNotConfiguredError && !(err instanceof EtimsMisconfiguredError)) return null;
    throw err;
  }
}

/** KRA's verification page of a receipt: Data is the seller's PIN, the branch and the receipt signature. */
export function receiptVerifyUrl(config: Pick<EtimsConfig, "env" | "tin" | "branchId">, rcptSign: string): string {
  const data = `${config.tin}${config.branchId}${rcptSign}`;
  return `${VERIFY_HOSTS[config.env]}/common/link/etims/receipt/indexEtimsReceiptData?Data=${encodeURIComponent(data)}`;
}

type OscuAnswer = { resultCd: string; resultMsg: string; resultDt: string; data: unknown };

async function fetchJson(url: string, init: RequestInit, what: string, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const reason =
      err instanceof Error && err.name === "TimeoutError" ? `timed out after ${timeoutMs} ms` : "unreachable";
    throw new EtimsUnavailableError(`KRA eTIMS ${what}: ${reason}`, { cause: err });
  }
  const text = await res.text().catch(() => "");
  if (!res.ok) throw new EtimsUnavailableError(`KRA eTIMS ${what}: HTTP ${res.status}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new EtimsUnavailableError(`KRA eTIMS ${what}: HTTP ${res.status}, the answer is not JSON`);
  }
}

/** KRA's envelope, or EtimsUnavailableError when the answer is not one; EtimsRefusedError when resultCd is not "000". */
function envelopeOf(body: unknown, what: string): OscuAnswer {
  if (typeof body !== "object" || body === null) throw new EtimsUnavailableError(`KRA eTIMS ${what}: no result`);
  const { resultCd, resultMsg, resultDt, data } = body as Record<string, unknown>;
  if (typeof resultCd !== "string") throw new EtimsUnavailableError(`KRA eTIMS ${what}: no resultCd`);
  const message = typeof resultMsg === "string" ? resultMsg.slice(0, 300) : "";
  if (resultCd !== "000") throw new EtimsRefusedError(resultCd.slice(0, 10), message);
  return { resultCd, resultMsg: message, resultDt: typeof resultDt === "string" ? resultDt : "", data };
}

const tokens = new Map<string, { token: string; until: number }>();

/** A bearer token from KRA's gateway, cached per isolate until a minute before it expires. */
async function bearer(config: EtimsConfig, timeoutMs: number): Promise<string | null> {
  if (!config.oauth || !config.tokenUrl) return null;
  const cacheKey = `${config.tokenUrl}|${config.oauth.key}`;
  const cached = tokens.get(cacheKey);
  if (cached && Date.now() < cached.until) return cached.token;
  const basic = btoa(`${config.oauth.key}:${config.oauth.secret}`);
  const body = await fetchJson(config.tokenUrl, { headers: { Authorization: `Basic ${basic}` } }, "token", timeoutMs);
  const { access_token: token, expires_in: expiresIn } = (body ?? {}) as Record<string, unknown>;
  if (typeof token !== "string" || token === "") throw new EtimsUnavailableError("KRA eTIMS token: none in the answer");
  const seconds = Number(expiresIn) > 0 ? Number(expiresIn) : 3600;
  tokens.set(cacheKey, { token, until: Date.now() + (seconds - 60) * 1000 });
  return token;
}

export type OscuClient = {
  /** selectInitOsdcInfo: the device's details, cmcKey among them. */
  initDevice(): Promise<Record<string, unknown>>;
  saveItem(item: Record<string, unknown>): Promise<void>;
  /** saveTrnsSalesOsdc: KRA's signature of the sale. */
  saveSale(sale: Record<string, unknown>): Promise<OscuSaleAnswer>;
};

type OscuSaleAnswer = {
  curRcptNo: number;
  totRcptNo: number;
  intrlData: string;
  rcptSign: string;
  sdcDateTime: string;
};

export function createOscuClient(config: EtimsConfig, timeoutMs = OSCU_TIMEOUT_MS): OscuClient {
  async function call(path: string, body: Record<string, unknown>, withKey = true): Promise<OscuAnswer> {
    const token = await bearer(config, timeoutMs);
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      tin: config.tin,
      bhfId: config.branchId,
    };
    if (withKey) headers.cmcKey = config.cmcKey;
    if (token) headers.Authorization = `Bearer ${token}`;
    const answer = await fetchJson(
      `${config.base}/${path}`,
      { method: "POST", headers, body: JSON.stringify(body) },
      path,
      timeoutMs,
    );
    return envelopeOf(answer, path);
  }

  return {
    async initDevice() {
      const answer = await call(
        "selectInitOsdcInfo",
        { tin: config.tin, bhfId: config.branchId, dvcSrlNo: config.deviceSerial },
        false,
      );
      const info = (answer.data as { info?: unknown } | null)?.info;
      if (typeof info !== "object" || info === null)
        throw new EtimsUnavailableError("KRA eTIMS selectInitOsdcInfo: no info");
      return info as Record<string, unknown>;
    },
    async saveItem(item) {
      await call("saveItem", item);
    },
    async saveSale(sale) {
      const answer = await call("saveTrnsSalesOsdc", sale);
      return saleAnswerOf(answer.data);
    },
  };
}

/** KRA's signature fields; numbers may come as strings ("1"). A success without them is no success. */
function saleAnswerOf(data: unknown): OscuSaleAnswer {
  const d = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const count = (v: unknown) =>
    typeof v === "number" || (typeof v === "string" && /^\d{1,15}$/.test(v)) ? Number(v) : Number.NaN;
  const text = (v: unknown) => (typeof v === "string" && v.length > 0 && v.length <= 300 ? v : null);
  const answer = {
    curRcptNo: count(d.curRcptNo),
    totRcptNo: count(d.totRcptNo),
    intrlData: text(d.intrlData),
    rcptSign: text(d.rcptSign),
    sdcDateTime: text(d.sdcDateTime),
  };
  if (
    !Number.isSafeInteger(answer.curRcptNo) ||
    !Number.isSafeInteger(answer.totRcptNo) ||
    !answer.intrlData ||
    !answer.rcptSign ||
    !answer.sdcDateTime
  ) {
    throw new EtimsUnavailableError("KRA eTIMS saveTrnsSalesOsdc: success without a complete signature");
  }
  return answer as OscuSaleAnswer;
}
