/**
 * @module dataset/predefined/source-locate — finds a predefined dataset's data on this machine,
 * or fetches it from the hub when that is allowed.
 *
 * Order: an explicit `source` (a file, a directory, or `hf://datasets/…` from the local hub
 * cache) is the only place looked at when given. Otherwise upstream's prepared copy
 * (`dataset_cache/<id>/<variant>/`), then the hub cache snapshot of `main`, then that of the
 * Parquet conversion (`refs/convert/parquet`). When none holds the data, the dataset can be
 * fetched (GPQA, AIME) and `HF_HUB_OFFLINE` is not set, the hub's Parquet conversion of each
 * needed config is downloaded into the hub cache and read from there. Otherwise an
 * InputError lists every place looked at and how to provide the data.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../../errors.ts";
import { isHfUri } from "../dataset-format.ts";
import {
  findHfSnapshot,
  hfRepoCacheDir,
  isHfOffline,
  notCachedError,
  parseHfUri,
  PARQUET_REVISION,
  type Env,
} from "../hf-cache.ts";
import { downloadHfParquet, type FetchLike } from "../hf-download.ts";
import type { PredefinedDefinition, SourceRows } from "./predefined-types.ts";
import { concatSources, isDirectory, readHubConfig, readSourceFile } from "./source-files.ts";

interface LocateOptions {
  env: Env;
  source: string | null;
  cacheDir: string;
  fetch?: FetchLike;
  /** `gpqa (diamond)`, for messages. */
  label: string;
}

const SOURCE_HINT =
  "or give a local copy as source (generate_params.source=PATH: a file, a directory or hf://datasets/…)";

/** `huggingface-cli download --repo-type dataset org/name [--include FILE]`. */
export function hfDownloadCommand(repo: string, include?: string): string {
  return `huggingface-cli download --repo-type dataset ${repo}${include ? ` --include '${include}'` : ""}`;
}

function readDirectoryOrFail(def: PredefinedDefinition, dir: string, variant: string, label: string): SourceRows {
  const rows = def.readDirectory(dir, variant);
  if (rows !== null) return rows;
  throw new InputError(`${dir}: no ${label} data found in this directory`, {
    hint: `point source= at the data file itself, or at a copy of the ${def.hubRepo} repository`,
  });
}

/** Reads an explicit `source=`: a file, a directory or an `hf://` address from the local cache. */
function readExplicit(
  def: PredefinedDefinition,
  variant: string,
  options: LocateOptions & { source: string },
): SourceRows {
  let path = options.source;
  if (isHfUri(path)) {
    const ref = parseHfUri(path);
    const snapshot = findHfSnapshot(ref, options.env);
    if (snapshot === null) throw notCachedError(ref, options.env);
    path = ref.subpath ? join(snapshot, ref.subpath) : snapshot;
  }
  if (!existsSync(path)) {
    throw new InputError(`${options.label}: source ${options.source} not found`, {
      hint: "check the path given as source",
    });
  }
  return isDirectory(path) ? readDirectoryOrFail(def, path, variant, options.label) : readSourceFile(path);
}

/** The hub cache snapshot of `revision`, or null. */
function snapshotOf(def: PredefinedDefinition, revision: string, env: Env): string | null {
  return findHfSnapshot(parseHfUri(`hf://datasets/${def.hubRepo}@${encodeURIComponent(revision)}`), env);
}

async function download(
  def: PredefinedDefinition,
  variant: string,
  options: LocateOptions,
): Promise<SourceRows | null> {
  const parts = def.hubParts(variant);
  if (parts === null || isHfOffline(options.env)) return null;
  const ref = parseHfUri(`hf://datasets/${def.hubRepo}`);
  const sources: SourceRows[] = [];
  for (const part of parts) {
    const snapshot = await downloadHfParquet(ref, { env: options.env, fetch: options.fetch, ...part });
    const rows = readHubConfig(snapshot, part.config, part.split);
    if (rows === null) return null;
    sources.push(rows);
  }
  return concatSources(sources);
}

/** Reads the raw rows of `variant` from wherever they are. Throws InputError when they are nowhere. */
export async function readPredefinedSource(
  def: PredefinedDefinition,
  variant: string,
  options: LocateOptions,
): Promise<SourceRows> {
  const source = options.source || (def.sourceEnv ? options.env[def.sourceEnv] : undefined);
  if (source) return readExplicit(def, variant, { ...options, source });
  const cacheCopy = join(options.cacheDir, def.cacheSubdir(variant));
  const looked = [`${cacheCopy} (prepared copy)`];
  if (isDirectory(cacheCopy)) {
    const rows = def.readDirectory(cacheCopy, variant);
    if (rows !== null) return rows;
  }
  const repo = hfRepoCacheDir(parseHfUri(`hf://datasets/${def.hubRepo}`), options.env);
  const snapshots = ["main", PARQUET_REVISION].map((revision) => snapshotOf(def, revision, options.env));
  for (const snapshot of snapshots) {
    if (snapshot === null) continue;
    const rows = def.readDirectory(snapshot, variant);
    if (rows !== null) return rows;
  }
  const cached = snapshots.filter((snapshot) => snapshot !== null).length;
  looked.push(
    `${repo} (Hugging Face cache: ${cached === 0 ? "nothing cached" : "no matching files in the cached snapshots"})`,
  );
  const downloaded = await download(def, variant, options);
  if (downloaded !== null) return downloaded;
  const offline =
    isHfOffline(options.env) && def.hubParts(variant) !== null
      ? "; HF_HUB_OFFLINE is set, so nothing was downloaded"
      : "";
  throw new InputError(`${options.label}: data not found on this machine; looked in ${looked.join(", ")}${offline}`, {
    hint: `${def.howToProvide(variant)}, ${SOURCE_HINT}`,
  });
}
