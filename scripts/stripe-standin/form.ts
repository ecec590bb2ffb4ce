/**
 * Stripe's request encoding: application/x-www-form-urlencoded with nested keys written as
 * `line_items[0][price_data][unit_amount]=37500`. Parsed into plain objects and arrays.
 */
export type FormValue = string | FormValue[] | FormObject;
export type FormObject = { [key: string]: FormValue };

export class FormError extends Error {
  readonly param: string;
  constructor(message: string, param: string) {
    super(message);
    this.param = param;
  }
}

const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

/** The flat pairs, in order, as the client sent them (what tests assert against). */
export function flatForm(body: string): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) flat[key] = value;
  return flat;
}

export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) assign(root, keySegments(key), value, key);
  return arraysFromIndexedObjects(root) as FormObject;
}

function keySegments(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) throw new FormError(`Invalid parameter name: ${key}`, key);
  const rest = [...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "");
  const segments = [match[1], ...rest];
  if (segments.some((s) => FORBIDDEN_SEGMENTS.has(s))) throw new FormError(`Invalid parameter name: ${key}`, key);
  return segments;
}

function assign(target: FormObject, segments: string[], value: string, key: string): void {
  let node = target;
  for (const [i, raw] of segments.entries()) {
    // `expand[]=a&expand[]=b` appends, as Stripe reads it.
    const segment = raw === "" ? String(Object.keys(node).length) : raw;
    if (i === segments.length - 1) {
      if (segment in node) throw new FormError(`Received the parameter ${key} twice`, key);
      node[segment] = value;
      return;
    }
    const child = node[segment];
    if (typeof child === "string") throw new FormError(`Invalid nested parameter: ${key}`, key);
    if (child === undefined) node[segment] = {};
    node = node[segment] as FormObject;
  }
}

/** `{ "0": a, "1": b }` becomes `[a, b]`, the way Stripe reads indexed keys. */
function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arraysFromIndexedObjects(value[key] as FormValue);
  const indexed = keys.length > 0 && keys.every((key, i) => key === String(i));
  return indexed ? keys.map((key) => value[key] as FormValue) : value;
}
