// Fetches the index and entry files over https only, with size caps, and checks every file
// against the SHA-256 the index lists before anything is shown or written.
import { createHash } from "node:crypto";
import { parseIndex, RegistryError, type RegistryEntry } from "./registry-index.js";

const MAX_INDEX_BYTES = 5_000_000;
const MAX_FILE_BYTES = 1_000_000;
const TIMEOUT_MS = 30_000;

async function fetchBytes(url: string, limit: number): Promise<Buffer> {
  if (!url.startsWith("https://")) throw new RegistryError(`${url} is not an https URL; the registry is fetched over https only`);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "error" });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new RegistryError(`cannot fetch ${url}: ${cause ?? (error as Error).message}`);
  }
  if (!response.ok) throw new RegistryError(`${url} answered ${response.status} ${response.statusText}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > limit) throw new RegistryError(`${url} is ${body.length} bytes; the limit is ${limit}`);
  return body;
}

export async function fetchIndex(url: string): Promise<RegistryEntry[]> {
  const body = await fetchBytes(url, MAX_INDEX_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch (error) {
    throw new RegistryError(`the index at ${url} is not JSON: ${(error as Error).message}`);
  }
  return parseIndex(parsed, url);
}

export interface FetchedFile {
  path: string;
  text: string;
  sha256: string;
}

/** Every file of an entry, each checked against its listed checksum. */
export async function fetchEntryFiles(entry: RegistryEntry): Promise<FetchedFile[]> {
  const files: FetchedFile[] = [];
  for (const file of entry.files) {
    const body = await fetchBytes(file.url, MAX_FILE_BYTES);
    const sha256 = createHash("sha256").update(body).digest("hex");
    if (sha256 !== file.sha256) throw new RegistryError(`${entry.name}: ${file.path} does not match its checksum (index ${file.sha256}, got ${sha256}); nothing was installed`);
    files.push({ path: file.path, text: body.toString("utf8"), sha256 });
  }
  return files;
}
