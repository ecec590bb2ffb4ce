// What the deploy needs from wrangler.toml, read from the file itself so a name is spelt once: the
// D1 database, the R2 bucket and the queues to find or create, and where the database's id goes.
// A few fixed keys only, by line: no TOML library for four strings.

export type DeployNames = { database: string; bucket: string; queues: string[] };

/** The id `wrangler.toml` holds until the real one is written (any all-zero UUID counts). */
const PLACEHOLDER_ID = /^0{8}-0{4}-[0-9]0{3}-[0-9]0{3}-0{12}$/;

function values(toml: string, key: string): string[] {
  const pattern = new RegExp(`^\\s*${key}\\s*=\\s*"([^"]+)"`, "gm");
  return [...toml.matchAll(pattern)].map((match) => match[1] ?? "");
}

export function readDeployNames(toml: string): DeployNames {
  const [database] = values(toml, "database_name");
  const [bucket] = values(toml, "bucket_name");
  const queues = [...new Set([...values(toml, "queue"), ...values(toml, "dead_letter_queue")])];
  if (!database || !bucket || queues.length === 0) {
    throw new Error("wrangler.toml lacks a D1 database_name, an R2 bucket_name or a queue: is it the site's?");
  }
  return { database, bucket, queues };
}

/** The lines of the `[[d1_databases]]` block naming `database`: [first, end) line indexes. */
function databaseBlock(lines: string[], database: string): [number, number] {
  const nameLine = lines.findIndex((line) => new RegExp(`^\\s*database_name\\s*=\\s*"${database}"`).test(line));
  if (nameLine < 0) throw new Error(`wrangler.toml has no [[d1_databases]] block for ${database}.`);
  let start = nameLine;
  while (start > 0 && !lines[start]?.trimStart().startsWith("[")) start--;
  let end = nameLine + 1;
  while (end < lines.length && !lines[end]?.trimStart().startsWith("[")) end++;
  return [start, end];
}

/** The database id the file holds, or null while it is the placeholder. */
export function databaseIdIn(toml: string, database: string): string | null {
  const lines = toml.split("\n");
  const [start, end] = databaseBlock(lines, database);
  for (const line of lines.slice(start, end)) {
    const id = /^\s*database_id\s*=\s*"([^"]*)"/.exec(line)?.[1];
    if (id !== undefined) return PLACEHOLDER_ID.test(id) ? null : id;
  }
  return null;
}

/** The file with `id` as the database's `database_id` (the line replaced, or added after the name). */
export function withDatabaseId(toml: string, database: string, id: string): string {
  const lines = toml.split("\n");
  const [start, end] = databaseBlock(lines, database);
  const line = `database_id = "${id}"`;
  const existing = lines.findIndex((l, i) => i >= start && i < end && /^\s*database_id\s*=/.test(l));
  if (existing >= 0) lines[existing] = line;
  else lines.splice(lines.findIndex((l, i) => i >= start && /database_name\s*=/.test(l)) + 1, 0, line);
  return lines.join("\n");
}

/** The database's block as it should read, for `--print` (the operator pastes it in). */
export function databaseBlockLines(toml: string, database: string, id: string): string[] {
  const lines = withDatabaseId(toml, database, id).split("\n");
  const [start, end] = databaseBlock(lines, database);
  const block = lines.slice(start, end);
  // The comments and blank lines before the next block belong to it, not to this one.
  while (block.length && /^\s*(#.*)?$/.test(block[block.length - 1] ?? "")) block.pop();
  return block;
}
