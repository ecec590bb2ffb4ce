// What the stand-in's two HTML pages (test payment, test billing portal) share.
const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; padding: 0 .75rem; background: #f8fafc; color: #0f172a; line-height: 1.5; }
  main { box-sizing: border-box; max-width: 40rem; margin: 1rem auto; padding: .75rem; background: #fff; border: 1px solid #cbd5e1; border-radius: .75rem; }
  @media (min-width: 40rem) { main { margin: 2rem auto; padding: 1.5rem; } }
  .table-wrap { overflow-x: auto; }
  .banner { background: #fef3c7; color: #78350f; border: 2px solid #b45309; border-radius: .5rem; padding: .75rem 1rem; font-weight: 600; }
  .alert { background: #fee2e2; color: #7f1d1d; border: 2px solid #b91c1c; border-radius: .5rem; padding: .75rem 1rem; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  caption { text-align: left; font-weight: 600; margin-bottom: .5rem; }
  th, td { padding: .5rem .25rem; border-bottom: 1px solid #e2e8f0; text-align: left; vertical-align: top; }
  td.num, th.num { text-align: right; }
  td.num { white-space: nowrap; }
  @media (max-width: 30rem) { table { font-size: .875rem; } }
  tfoot th, tfoot td { font-weight: 700; border-bottom: 0; }
  .actions { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
  fieldset { border: 1px solid #cbd5e1; border-radius: .5rem; padding: .75rem 1rem 1rem; margin: 1rem 0; }
  legend { font-weight: 600; padding: 0 .25rem; }
  button { font: inherit; font-weight: 600; background: #0f766e; color: #fff; border: 0; border-radius: .5rem; padding: .75rem 1.5rem; cursor: pointer; }
  button.secondary { background: #fff; color: #0f172a; border: 2px solid #475569; padding: .625rem 1.25rem; }
  a { color: #0f5f59; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  .muted { color: #475569; font-size: .9rem; }
`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function money(cents: number, currency: string): string {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() });
  // Intl knows each currency's decimals (none for JPY, two for KES); Stripe amounts are in that unit.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(cents / 10 ** digits);
}

export function date(seconds: number): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(seconds * 1000));
}

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}
