/** Stripe's error body: `{ error: { type, message, param?, code? } }`. */
export type StripeErrorBody = {
  error: { type: string; message: string; param?: string; code?: string };
};

/** A refusal the stand-in answers with Stripe's status code and error body. */
export class StripeRequestError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;
  constructor(status: number, type: string, message: string, extra: { param?: string; code?: string } = {}) {
    super(message);
    this.status = status;
    this.body = { error: { type, message, ...extra } };
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeRequestError {
  return new StripeRequestError(400, "invalid_request_error", message, {
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
}

export function missingParam(param: string): StripeRequestError {
  return invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");
}

export function unknownParam(param: string): StripeRequestError {
  return invalidRequest(
    `Received unknown parameter: ${param}. (The local Stripe stand-in accepts only the parameters this site sends.)`,
    param,
    "parameter_unknown",
  );
}

/** Stripe's answer to a retrieve of an id it does not know. */
export function found<T>(value: T | undefined, kind: string, id: string): T {
  if (value === undefined) throw invalidRequest(`No such ${kind}: '${id}'`, "id", "resource_missing");
  return value;
}
