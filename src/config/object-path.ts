/** @module config/object-path — read and write dotted paths in plain (unvalidated) objects. */

export type PathSegment = string | number;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets `path` ("a.b.c") in `target`, replacing missing or non-object intermediate values with `{}`. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (!isPlainObject(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] ?? ""] = value;
}

/** The value at `path` (segments), or undefined when any step is missing. */
export function getPath(target: unknown, path: readonly PathSegment[]): unknown {
  let node = target;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === "number") node = node[key];
    else if (isPlainObject(node) && typeof key === "string") node = node[key];
    else return undefined;
  }
  return node;
}

/** `["datasets", 0, "parser"]` → `datasets[0].parser`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" ? String(key) : `.${String(key)}`;
  }
  return text;
}
