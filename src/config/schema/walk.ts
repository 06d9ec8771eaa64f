/**
 * @module config/schema/walk — reads the config schema as data: its leaf fields (for flags and
 * templates) and the keys allowed at a path (for "did you mean" on unknown YAML keys).
 */
import { z } from "zod";
import { BenchmarkConfigSchema } from "./schema.ts";
import { type FlagKind, leafRegistry } from "./primitives.ts";

/** One scalar or list field of the schema, addressed by its dotted snake_case path. */
export interface SchemaLeaf {
  path: string;
  kind: FlagKind;
  choices?: readonly string[];
  /** An enum read in any letter case (`log_level: info`). */
  caseInsensitive?: boolean;
  description?: string;
  /** Present when the field has a default (which may be null). */
  defaultValue?: unknown;
  nullable: boolean;
  /** A text field that `--no-FLAG` switches off (false). */
  negatable?: boolean;
  /** A list whose items may hold commas: one item per flag. */
  itemPerFlag?: boolean;
}

/** Strips one wrapper (default, prefault, nullable, optional, pipe) or returns undefined. */
function unwrapOnce(schema: z.ZodType): z.ZodType | undefined {
  if (
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodOptional
  ) {
    return schema.unwrap() as z.ZodType;
  }
  if (schema instanceof z.ZodPipe) {
    // `.transform()` puts the schema first; `z.preprocess()` puts it second.
    return (schema.in instanceof z.ZodTransform ? schema.out : schema.in) as z.ZodType;
  }
  return undefined;
}

function describeField(field: z.ZodType, path: string): SchemaLeaf | z.ZodObject | undefined {
  let node: z.ZodType | undefined = field;
  let description: string | undefined;
  let nullable = false;
  let hasDefault = false;
  let defaultValue: unknown;
  while (node) {
    description ??= node.description;
    if (node instanceof z.ZodNullable) nullable = true;
    if (node instanceof z.ZodDefault && !hasDefault) {
      hasDefault = true;
      defaultValue = node._zod.def.defaultValue;
    }
    const meta = leafRegistry.get(node);
    if (meta) {
      const leaf: SchemaLeaf = { path, kind: meta.kind, nullable };
      if (meta.choices) leaf.choices = meta.choices;
      if (meta.caseInsensitive) leaf.caseInsensitive = true;
      if (meta.negatable) leaf.negatable = true;
      if (meta.itemPerFlag) leaf.itemPerFlag = true;
      if (description !== undefined) leaf.description = description;
      if (hasDefault) leaf.defaultValue = defaultValue;
      return leaf;
    }
    if (node instanceof z.ZodObject) return node;
    node = unwrapOnce(node);
  }
  return undefined;
}

/** Every leaf under `schema`, depth first in declaration order (lists of objects are skipped). */
export function listLeaves(schema: z.ZodObject = BenchmarkConfigSchema, prefix = ""): SchemaLeaf[] {
  const leaves: SchemaLeaf[] = [];
  for (const [key, field] of Object.entries(schema.shape)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const described = describeField(field as z.ZodType, path);
    if (described instanceof z.ZodObject) leaves.push(...listLeaves(described, path));
    else if (described) leaves.push(described);
  }
  return leaves;
}

/** The field schema at `path` (array indices step into the item), wrappers included. */
function schemaAt(path: readonly PropertyKey[], root: z.ZodType): z.ZodType | undefined {
  let node: z.ZodType | undefined = root;
  for (const key of path) {
    while (node && !(node instanceof z.ZodObject) && !(node instanceof z.ZodArray)) node = unwrapOnce(node);
    if (node instanceof z.ZodObject && typeof key === "string") node = node.shape[key] as z.ZodType | undefined;
    else if (node instanceof z.ZodArray && typeof key === "number") node = node.element as z.ZodType;
    else return undefined;
  }
  return node;
}

/** The keys an object at `path` accepts, or undefined when `path` is not an object. */
export function keysAt(path: readonly PropertyKey[], schema: z.ZodType = BenchmarkConfigSchema): string[] | undefined {
  let node = schemaAt(path, schema);
  while (node && !(node instanceof z.ZodObject)) node = unwrapOnce(node);
  return node ? Object.keys(node.shape) : undefined;
}

/** The flag kind of the leaf at `path`, if it is one. */
export function leafKindAt(
  path: readonly PropertyKey[],
  schema: z.ZodType = BenchmarkConfigSchema,
): FlagKind | undefined {
  let node = schemaAt(path, schema);
  while (node) {
    const meta = leafRegistry.get(node);
    if (meta) return meta.kind;
    node = unwrapOnce(node);
  }
  return undefined;
}

/** The `.describe()` text of the field at `path`, if any. */
export function describePath(
  path: readonly PropertyKey[],
  schema: z.ZodType = BenchmarkConfigSchema,
): string | undefined {
  let node = schemaAt(path, schema);
  while (node) {
    if (node.description !== undefined) return node.description;
    if (node instanceof z.ZodObject) return undefined;
    node = unwrapOnce(node);
  }
  return undefined;
}
