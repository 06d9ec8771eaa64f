/**
 * @module dataset/hf-download — fetches a dataset's Parquet files from the Hugging Face hub
 * into the local cache, so `hf://` datasets load offline afterwards.
 *
 * The hub converts every public dataset to Parquet. `GET /api/datasets/<org>/<name>/parquet`
 * maps configs to splits to file URLs, and `…/parquet/<config>/<split>` lists one split's
 * URLs. Files are stored the way the conversion branch lays them out,
 * `snapshots/<commit>/<config>/<split>/0000.parquet`, and `refs/refs/convert/parquet` names the
 * commit (from the `X-Repo-Commit` header; a hash of the file list when a mirror omits it).
 * Each file is written to a temporary name and renamed, and the ref is written last, so an
 * interrupted download never looks complete. `HF_TOKEN` is sent as a Bearer token and
 * `HF_ENDPOINT` picks a mirror, as with huggingface_hub. `fetch` is injectable for tests.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { InputError, SetupError } from "../errors.ts";
import { hfRepoCacheDir, PARQUET_REVISION, type Env, type HfReference } from "./hf-cache.ts";

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

interface HfDownloadOptions {
  env: Env;
  fetch?: FetchLike;
  config?: string | null;
  split?: string | null;
}

const UrlList = z.array(z.string().url());
const ConfigMap = z.record(z.string(), z.record(z.string(), UrlList));

/** `wanted`, else the first of `defaults` found, else the only (config) or first (split) name. */
function pickName(
  found: string[],
  wanted: string | null | undefined,
  defaults: string[],
  what: string,
  uri: string,
): string {
  if (wanted && found.includes(wanted)) return wanted;
  const preferred = defaults.find((name) => found.includes(name));
  if (!wanted && preferred !== undefined) return preferred;
  if (!wanted && (found.length === 1 || (what === "split" && found.length > 0))) return found[0] as string;
  const problem = wanted ? `no ${what} '${wanted}'` : found.length === 0 ? `no ${what}s` : `several ${what}s`;
  throw new InputError(`${uri}: ${problem} on the hub (${what}s: ${found.join(", ") || "none"})`, {
    hint: `pick one with ${what}=${found[0] ?? "NAME"}`,
  });
}

async function request(fetchImpl: FetchLike, url: string, env: Env, uri: string): Promise<Response> {
  const headers: Record<string, string> = env.HF_TOKEN ? { authorization: `Bearer ${env.HF_TOKEN}` } : {};
  let response: Response;
  try {
    response = await fetchImpl(url, { headers, redirect: "follow" });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SetupError(`cannot download ${uri}: ${url}: ${reason}`, {
      hint: "check the network, or use a cached copy with HF_HUB_OFFLINE=1",
      cause: error,
    });
  }
  if (response.ok) return response;
  await response.body?.cancel();
  if (response.status === 404) {
    throw new InputError(`${uri}: not found on the hub (${url} → 404)`, {
      hint: "check the org/name, config= and split=; the dataset may have no Parquet conversion",
    });
  }
  const auth = response.status === 401 || response.status === 403;
  throw new SetupError(`cannot download ${uri}: ${url} → HTTP ${response.status}`, {
    hint: auth ? "the dataset is private or gated: set HF_TOKEN to a token that may read it" : "try again later",
  });
}

async function getJson<T>(
  fetchImpl: FetchLike,
  url: string,
  env: Env,
  uri: string,
  schema: z.ZodType<T>,
): Promise<{ value: T; text: string }> {
  const text = await (await request(fetchImpl, url, env, uri)).text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined; // reported below as an unexpected reply
  }
  const result = schema.safeParse(parsed);
  if (!result.success)
    throw new SetupError(`cannot download ${uri}: unexpected reply from ${url}`, { hint: "check HF_ENDPOINT" });
  return { value: result.data, text };
}

/** The config, split and Parquet URLs to download. */
async function listParquet(ref: HfReference, options: HfDownloadOptions, fetchImpl: FetchLike) {
  const endpoint = (options.env.HF_ENDPOINT || "https://huggingface.co").replace(/\/+$/, "");
  const base = `${endpoint}/api/datasets/${ref.org}/${ref.name}/parquet`;
  if (options.config && options.split) {
    const url = `${base}/${encodeURIComponent(options.config)}/${encodeURIComponent(options.split)}`;
    const { value, text } = await getJson(fetchImpl, url, options.env, ref.uri, UrlList);
    return { config: options.config, split: options.split, urls: value, listing: text };
  }
  const { value, text } = await getJson(fetchImpl, base, options.env, ref.uri, ConfigMap);
  const config = pickName(Object.keys(value), options.config, ["default"], "config", ref.uri);
  const splits = value[config] ?? {};
  const split = pickName(Object.keys(splits), options.split, ["train", "test"], "split", ref.uri);
  return { config, split, urls: splits[split] ?? [], listing: text };
}

/**
 * Downloads the Parquet files of one config and split of `ref` into the hub cache and returns
 * the snapshot directory. Throws InputError (no such dataset/config/split) or SetupError.
 */
export async function downloadHfParquet(ref: HfReference, options: HfDownloadOptions): Promise<string> {
  const fetchImpl = options.fetch ?? fetch;
  const { config, split, urls, listing } = await listParquet(ref, options, fetchImpl);
  if (urls.length === 0)
    throw new InputError(`${ref.uri}: split '${split}' of config '${config}' has no Parquet files on the hub`);
  const repo = hfRepoCacheDir(ref, options.env);
  const staging = join(repo, `.download-${process.pid}-${Date.now()}`);
  mkdirSync(staging, { recursive: true });
  try {
    let commit: string | null = null;
    const names: string[] = [];
    for (const [index, url] of urls.entries()) {
      const response = await request(fetchImpl, url, options.env, ref.uri);
      commit ??= response.headers.get("x-repo-commit");
      const name = `${String(index).padStart(4, "0")}.parquet`;
      await Bun.write(join(staging, name), response);
      names.push(name);
    }
    const snapshotCommit =
      commit && /^[0-9a-f]{40}$/.test(commit) ? commit : new Bun.CryptoHasher("sha1").update(listing).digest("hex");
    const snapshot = join(repo, "snapshots", snapshotCommit);
    const target = join(snapshot, config, split);
    mkdirSync(target, { recursive: true });
    for (const name of names) renameSync(join(staging, name), join(target, name));
    const refFile = join(repo, "refs", PARQUET_REVISION);
    mkdirSync(dirname(refFile), { recursive: true });
    writeFileSync(`${refFile}.tmp`, snapshotCommit);
    renameSync(`${refFile}.tmp`, refFile);
    return snapshot;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
