/**
 * @module dataset/predefined/bfcl/bfcl-tools — BFCL function docs as OpenAI chat `tools`, as
 * bfcl-eval's `convert_to_tool(functions, GORILLA_TO_OPENAPI, OPENAI_COMPLETIONS)` makes them
 * (upstream delegates to it, so the schemas match what evalscope and the leaderboard send).
 *
 * Per function: dots in the name become underscores (OpenAI names must match
 * ^[a-zA-Z0-9_-]{1,64}$), `parameters.type` becomes "object", and every property's type is
 * mapped to OpenAPI — a property without a type becomes "string", an unknown type "string", and a
 * `float` gets `format: "float"` and " This is a float type value." appended to its description.
 * Mapping recurses into `properties` of objects and arrays, and into `items`: its type is mapped
 * (without the float note), one more level of `items.items` type, or `items.properties`. Nothing
 * else is touched (defaults, enums, `required` and `response` pass through). Where bfcl-eval
 * would fail on a malformed doc (a KeyError or TypeError), this throws an InputError naming it.
 */
import { InputError } from "../../../errors.ts";

/** bfcl-eval's GORILLA_TO_OPENAPI: Python, Java and JavaScript type names to OpenAPI ones. */
const GORILLA_TO_OPENAPI: Readonly<Record<string, string>> = {
  integer: "integer",
  number: "number",
  float: "number",
  string: "string",
  boolean: "boolean",
  bool: "boolean",
  array: "array",
  list: "array",
  dict: "object",
  object: "object",
  tuple: "array",
  any: "string",
  byte: "integer",
  short: "integer",
  long: "integer",
  double: "number",
  char: "string",
  ArrayList: "array",
  Array: "array",
  HashMap: "object",
  Hashtable: "object",
  Queue: "array",
  Stack: "array",
  Any: "string",
  String: "string",
  Bigint: "integer",
};

type Json = Record<string, unknown>;
const FLOAT_NOTE = " This is a float type value.";

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, where: string): Json {
  if (!isObject(value)) throw new InputError(`bfcl function doc: ${where} is not an object`);
  return value;
}

/** A strict lookup (bfcl-eval indexes the mapping for `items`, so an unknown type is an error). */
function mapped(type: unknown, where: string): string {
  if (typeof type === "string" && Object.hasOwn(GORILLA_TO_OPENAPI, type)) return GORILLA_TO_OPENAPI[type] as string;
  throw new InputError(
    `bfcl function doc: ${where}.type ${JSON.stringify(type) ?? "(missing)"} has no OpenAPI mapping`,
  );
}

/** bfcl-eval's _cast_to_openai_type: maps each property in place and returns the same object. */
function castProperties(properties: unknown, where: string): Json {
  const props = objectAt(properties, where);
  for (const [key, raw] of Object.entries(props)) {
    const at = `${where}.${key}`;
    const prop = objectAt(raw, at);
    if (!Object.hasOwn(prop, "type")) {
      prop.type = "string";
    } else {
      const type = prop.type;
      if (typeof type === "object" && type !== null)
        throw new InputError(`bfcl function doc: ${at}.type is not a type name`);
      if (type === "float") {
        if (typeof prop.description !== "string")
          throw new InputError(`bfcl function doc: ${at} is a float without a description`);
        prop.format = "float";
        prop.description += FLOAT_NOTE;
      }
      prop.type =
        typeof type === "string" && Object.hasOwn(GORILLA_TO_OPENAPI, type) ? GORILLA_TO_OPENAPI[type] : "string";
    }
    if (prop.type !== "array" && prop.type !== "object") continue;
    if (Object.hasOwn(prop, "properties")) {
      prop.properties = castProperties(prop.properties, `${at}.properties`);
    } else if (Object.hasOwn(prop, "items")) {
      const items = objectAt(prop.items, `${at}.items`);
      items.type = mapped(items.type, `${at}.items`);
      if (items.type === "array" && Object.hasOwn(items, "items")) {
        const inner = objectAt(items.items, `${at}.items.items`);
        inner.type = mapped(inner.type, `${at}.items.items`);
      } else if (items.type === "object" && Object.hasOwn(items, "properties")) {
        items.properties = castProperties(items.properties, `${at}.items.properties`);
      }
    }
  }
  return props;
}

/** The OpenAI chat `tools` for a BFCL sample's `function` list; the input is not modified. */
export function bfclTools(functions: unknown): Json[] {
  if (!Array.isArray(functions)) throw new InputError("bfcl function doc: `function` is not a list");
  return structuredClone(functions).map((raw: unknown, index: number) => {
    const item = objectAt(raw, `function[${index}]`);
    if (typeof item.name !== "string")
      throw new InputError(`bfcl function doc: function[${index}].name is not a string`);
    const where = item.name;
    item.name = item.name.replaceAll(".", "_");
    const parameters = objectAt(item.parameters, `${where}.parameters`);
    parameters.type = "object";
    parameters.properties = castProperties(parameters.properties, `${where}.parameters.properties`);
    return { type: "function", function: item };
  });
}
