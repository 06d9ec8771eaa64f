/**
 * @module test/support/schema-keys — the keys a JSON document holds that its committed JSON Schema never declares.
 *
 * Our file schemas are open (sweep.json's objects allow other keys, so a newer writer does not fail
 * an older reader), so validating a real file passes even when the writer grew a field the schema
 * forgot. This walks the document beside the schema and names every such key (`steps[0].stability`),
 * so a test can require a writer's output to be fully described. It follows `properties`,
 * `additionalProperties` given as a non-empty schema (records), `items`, and `anyOf` (zod's nullable and optional).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

const typeOf = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/** The branch of `schema` that describes `value`'s type (anyOf picks by type). */
function branchFor(schema: JsonSchema, value: unknown): JsonSchema | null {
  if (!schema.anyOf) return schema;
  const t = typeOf(value);
  return (
    schema.anyOf.find((s) => {
      const types = Array.isArray(s.type) ? s.type : [s.type];
      return types.includes(t) || (t === "number" && types.includes("integer"));
    }) ?? null
  );
}

/** Every path in `value` whose key `schema` does not declare (empty: the schema describes it all). */
export function undeclaredKeys(schema: JsonSchema, value: unknown, path = ""): string[] {
  const s = branchFor(schema, value);
  if (!s) return [];
  if (Array.isArray(value)) return s.items ? value.flatMap((v, i) => undeclaredKeys(s.items!, v, `${path}[${i}]`)) : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const at = path === "" ? key : `${path}.${key}`;
    const declared = s.properties?.[key];
    if (declared) return undeclaredKeys(declared, v, at);
    // A record's values have a schema; zod's open objects say `additionalProperties: {}` (anything), which declares nothing.
    const extra = s.additionalProperties;
    if (typeof extra === "object" && Object.keys(extra).length > 0) return undeclaredKeys(extra, v, at);
    return [at];
  });
}
