/**
 * @module dataset/hf-cache — resolves `hf://datasets/<org>/<name>[@rev][/path]` to a directory
 * of the local Hugging Face hub cache, without touching the network.
 *
 * The cache is the one `huggingface_hub` writes, found as it finds it: `$HF_HUB_CACHE`, else
 * `$HF_HOME/hub`, else `$XDG_CACHE_HOME/huggingface/hub`, else `~/.cache/huggingface/hub`. A
 * dataset lives in `datasets--<org>--<name>/`, with `refs/<ref>` files holding commit hashes and
 * `snapshots/<hash>/` holding the files. `@rev` is a ref name (`main`, `v1.0`, URL-encoded
 * `refs%2Fconvert%2Fparquet`) or a full commit hash. Without `@rev` we use `main`, then
 * `refs/convert/parquet` (where our downloader stores the hub's Parquet conversion).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../errors.ts";
import { hfCacheDir, type Env } from "../tokens/hf-cache-dir.ts";

export type { Env };

export interface HfReference {
  uri: string;
  org: string;
  name: string;
  /** Ref name or commit hash; null → the default (`main`, then `refs/convert/parquet`). */
  revision: string | null;
  /** Path inside the repository, "" for the whole repository. */
  subpath: string;
}

export const PARQUET_REVISION = "refs/convert/parquet";
const DEFAULT_REVISIONS = ["main", PARQUET_REVISION] as const;
const REPO_PART = /^[A-Za-z0-9][\w.-]*$/;
const COMMIT_HASH = /^[0-9a-f]{40}$/;

/** Parses `hf://datasets/<org>/<name>[@rev][/path]`. Throws InputError for anything else. */
export function parseHfUri(uri: string): HfReference {
  const match = /^hf:\/\/datasets\/([^/@]+)\/([^/@]+)(?:@([^/]+))?(?:\/(.*))?$/.exec(uri);
  const [, org = "", name = "", rawRevision, subpath = ""] = match ?? [];
  const escapes = [rawRevision ?? "", subpath].some((part) => decodeURIComponent(part).split("/").includes(".."));
  if (!match || !REPO_PART.test(org) || !REPO_PART.test(name) || escapes) {
    throw new InputError(`${uri}: not a Hugging Face dataset address`, {
      hint: "write hf://datasets/<org>/<name>[@revision], e.g. hf://datasets/openai/gsm8k@main",
    });
  }
  const revision = rawRevision === undefined ? null : decodeURIComponent(rawRevision);
  return { uri, org, name, revision, subpath: subpath.replace(/\/+$/, "") };
}

/** True when `HF_HUB_OFFLINE` is set to 1/true/yes/on (as huggingface_hub reads it). */
export function isHfOffline(env: Env): boolean {
  return ["1", "true", "yes", "on"].includes((env.HF_HUB_OFFLINE ?? "").trim().toLowerCase());
}

/** `<cache>/datasets--<org>--<name>`. */
export function hfRepoCacheDir(ref: HfReference, env: Env): string {
  return join(hfCacheDir(env), `datasets--${ref.org}--${ref.name}`);
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** The snapshot directory of `revision` in the repository cache, or null when it is not cached. */
function snapshotOf(repo: string, revision: string): string | null {
  if (COMMIT_HASH.test(revision) && isDirectory(join(repo, "snapshots", revision)))
    return join(repo, "snapshots", revision);
  const refFile = join(repo, "refs", revision);
  if (!existsSync(refFile) || !statSync(refFile).isFile()) return null;
  const commit = readFileSync(refFile, "utf8").trim();
  const snapshot = join(repo, "snapshots", commit);
  if (isDirectory(snapshot)) return snapshot;
  throw new InputError(`${repo}: ref '${revision}' points at snapshot ${commit}, which is not in the cache`, {
    hint: "the cache is incomplete: download the dataset again or remove that ref file",
  });
}

/** The cached snapshot directory for `ref`, or null when that revision is not cached. */
export function findHfSnapshot(ref: HfReference, env: Env): string | null {
  const repo = hfRepoCacheDir(ref, env);
  if (!isDirectory(repo)) return null;
  for (const revision of ref.revision === null ? DEFAULT_REVISIONS : [ref.revision]) {
    const snapshot = snapshotOf(repo, revision);
    if (snapshot) return snapshot;
  }
  return null;
}

/** "main → 0123abcd…, snapshot 4567…" for messages. */
function describeCached(repo: string): string {
  if (!isDirectory(repo)) return "nothing cached";
  const snapshots = isDirectory(join(repo, "snapshots")) ? readdirSync(join(repo, "snapshots")).sort() : [];
  return snapshots.length === 0
    ? "no snapshots"
    : `cached snapshots: ${snapshots.map((hash) => hash.slice(0, 12)).join(", ")}`;
}

/** The error for a dataset or revision that is not in the cache and cannot be downloaded here. */
export function notCachedError(ref: HfReference, env: Env): InputError {
  const repo = hfRepoCacheDir(ref, env);
  const revision = ref.revision === null ? "" : ` --revision ${ref.revision}`;
  const why = isHfOffline(env) ? "HF_HUB_OFFLINE is set, so nothing is downloaded" : describeCached(repo);
  return new InputError(`${ref.uri} is not in the local Hugging Face cache ${repo} (${why})`, {
    hint: `download it first: huggingface-cli download --repo-type dataset ${ref.org}/${ref.name}${revision}`,
  });
}
