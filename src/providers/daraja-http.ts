/** Not all four secrets are set, or MPESA_ENV / MPESA_API_BASE are unusable: M-Pesa is not offered. */
export class MpesaNotConfiguredError extends Error {
  override name = "MpesaNotConfiguredError";
}

/** Daraja failed, timed out or answered something unreadable. The message is for logs, never for the buyer. */
export class MpesaProviderError extends Error {
  override name = "MpesaProviderError";
}

/** Daraja (or the gateway, before sending) refused the request for its content: the same request would be refused again. */
export class MpesaRefusedError extends MpesaProviderError {
  override name = "MpesaRefusedError";
}

/** A Daraja answer: its status and JSON object body (errors are `{ requestId, errorCode, errorMessage }`). */
export type DarajaAnswer = { status: number; body: Record<string, unknown> };

/** Daraja answers JSON objects, errors included; anything else (a proxy's HTML page, a cut-off body) is a failure. */
async function readDarajaAnswer(res: Response, what: string): Promise<DarajaAnswer> {
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new MpesaProviderError(`Daraja ${what} failed: HTTP ${res.status}, the answer could not be read`, {
      cause: err,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new MpesaProviderError(`Daraja ${what} failed: HTTP ${res.status}, the answer is not a JSON object`);
  }
  return { status: res.status, body: body as Record<string, unknown> };
}

/** Base64 of the text's UTF-8 bytes (btoa alone takes Latin-1 only). */
export function base64Text(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** One Daraja call, aborted after timeoutMs: its answer, or MpesaProviderError when there is none. */
export async function darajaFetch(
  url: string,
  what: string,
  timeoutMs: number,
  init: RequestInit,
): Promise<DarajaAnswer> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const reason =
      err instanceof Error && err.name === "TimeoutError" ? `timed out after ${timeoutMs} ms` : "unreachable";
    throw new MpesaProviderError(`Daraja ${what} failed: ${reason}`, { cause: err });
  }
  return readDarajaAnswer(res, what);
}

export function darajaErrorCode(answer: DarajaAnswer): string | null {
  const code = answer.body.errorCode;
  return typeof code === "string" ? code : null;
}

const clip = (value: unknown) => (typeof value === "string" ? value.slice(0, 200) : undefined);

/** What the server log says about a failed call: status, Daraja's codes and messages, never a credential. */
export function describeDarajaError(answer: DarajaAnswer, what: string): string {
  const { body } = answer;
  const parts = [
    `HTTP ${answer.status}`,
    clip(body.requestId),
    clip(body.errorCode),
    clip(body.errorMessage),
    body.ResponseCode === undefined ? undefined : `ResponseCode ${clip(String(body.ResponseCode))}`,
    clip(body.ResponseDescription),
  ];
  return `Daraja ${what} failed: ${parts.filter(Boolean).join(" | ")}`;
}
