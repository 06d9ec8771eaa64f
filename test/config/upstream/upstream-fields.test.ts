/**
 * Walks docs/upstream-config.md, the list of every mlcommons/endpoints config field: each example
 * is set on a valid config and must be accepted or refused as the row says, each *same* field
 * keeps upstream's default, and every field of our schema is listed somewhere, so a new field
 * cannot slip in without a row saying what it does.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { buildConfig } from "../../../src/config/build-config.ts";
import { ConfigError } from "../../../src/config/config-error.ts";
import { configWarnings } from "../../../src/config/rules/config-warnings.ts";
import { getPath, setPath } from "../../../src/config/object-path.ts";
import { OWN_FIELDS } from "../../../src/config/upstream/own-fields.ts";
import { DatasetConfigSchema } from "../../../src/config/schema/dataset.ts";
import { keysAt, listLeaves } from "../../../src/config/schema/walk.ts";

const DOC = readFileSync(join(import.meta.dir, "..", "..", "..", "docs", "upstream-config.md"), "utf8");

interface FieldRow {
  field: string;
  upstreamDefault: string;
  verdict: "same" | "differs" | "stored" | "no effect" | "refused";
  example: { value: unknown; with: Record<string, unknown> };
}

const code = (cell: string) => [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1] as string);

function readRows(): { upstream: FieldRow[]; ours: string[] } {
  const upstream: FieldRow[] = [];
  const ours: string[] = [];
  for (const line of DOC.split("\n")) {
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    const [field] = code(cells[0] ?? "");
    if (!field || !line.startsWith("| `")) continue;
    if (cells.length === 2) {
      ours.push(field);
      continue;
    }
    const verdict = (["no effect", "same", "differs", "stored", "refused"] as const).find((v) =>
      (cells[2] ?? "").startsWith(v),
    );
    if (!verdict) throw new Error(`docs/upstream-config.md: row ${field} has no verdict word`);
    const [value, ...pairs] = code(cells[3] ?? "");
    const extra = Object.fromEntries(
      pairs.map((pair) => {
        const at = pair.indexOf(": ");
        return [pair.slice(0, at), parseYaml(pair.slice(at + 2))];
      }),
    );
    upstream.push({
      field,
      upstreamDefault: cells[1] ?? "",
      verdict,
      example: { value: parseYaml(value ?? ""), with: extra },
    });
  }
  return { upstream, ours };
}

/** Every leaf field of our schema, `datasets[].x` for dataset entries. */
function schemaLeaves(prefix: PropertyKey[] = [], label = ""): string[] {
  return (keysAt(prefix) ?? []).flatMap((key) => {
    const path = [...prefix, key];
    const name = label ? `${label}.${key}` : key;
    if (key === "datasets") return schemaLeaves([...path, 0], "datasets[]");
    // Its keys are model_params' own, listed there.
    if (key === "generation_config_override" || keysAt(path) === undefined) return [name];
    return schemaLeaves(path, name);
  });
}

const BASE = {
  type: "online",
  model_params: { name: "m" },
  datasets: [{ path: "d.jsonl" }],
  settings: { load_pattern: { type: "poisson", target_qps: 10 } },
  endpoint_config: { endpoints: ["http://127.0.0.1:8000"] },
};

function attempt(row: FieldRow): { problems: string[]; warnings: string[] } {
  const yaml = structuredClone(BASE) as Record<string, unknown> & { datasets: Record<string, unknown>[] };
  for (const [path, value] of [[row.field, row.example.value] as const, ...Object.entries(row.example.with)]) {
    // `datasets[].x` is the first dataset's `x`.
    if (path.startsWith("datasets[]."))
      setPath(yaml.datasets[0] as Record<string, unknown>, path.slice("datasets[].".length), value);
    else setPath(yaml, path, value);
  }
  // A dataset made an accuracy one still needs a performance dataset beside it.
  if (yaml.datasets[0]?.type === "accuracy") yaml.datasets.push({ path: "p.jsonl" });
  try {
    return { problems: [], warnings: configWarnings(buildConfig({ command: "from-config", yaml, overrides: {} })) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { problems: error.problems.map((p) => `${p.path}: ${p.message}`), warnings: [] };
  }
}

const { upstream, ours } = readRows();
const topDefaults = new Map(listLeaves().map((leaf) => [leaf.path, leaf.defaultValue]));
const datasetDefaults = DatasetConfigSchema.parse({});
// The fields inside blocks that default to null.
const blockDefaults = DatasetConfigSchema.parse({ accuracy_config: {}, agentic_inference: {} });

/** The schema's default for a field, before anything derived from other fields fills it. */
function schemaDefault(field: string): unknown {
  if (field.startsWith("datasets[].")) {
    const path = field.slice("datasets[].".length).split(".");
    const plain = getPath(datasetDefaults, path);
    return plain === undefined ? getPath(blockDefaults, path) : plain;
  }
  // A whole block (`audit`): its default in a config that does not set it.
  return topDefaults.has(field) ? topDefaults.get(field) : getPath(defaults, field.split("."));
}

const defaults = buildConfig({ command: "from-config", yaml: BASE, overrides: {} });

describe("config/upstream fields (docs/upstream-config.md)", () => {
  test("the tables list upstream's fields and ours", () => {
    expect(upstream.length).toBeGreaterThan(100);
    expect(ours.length).toBeGreaterThan(10);
  });

  test("the table of our own fields is the list config.yaml leaves out at their defaults", () => {
    expect([...ours].sort()).toEqual([...OWN_FIELDS].sort());
  });

  test("every field of the schema has a row", () => {
    const listed = new Set([...upstream.map((r) => r.field), ...ours]);
    expect(schemaLeaves().filter((leaf) => !listed.has(leaf))).toEqual([]);
  });

  test.each(upstream.map((r) => [r.field, r.verdict, r] as const))("%s (%s)", (_field, verdict, row) => {
    const { problems, warnings } = attempt(row);
    if (verdict === "refused") {
      const top = row.field
        .replace(/^datasets\[\]\./, "datasets[0].")
        .split(".")
        .slice(0, 2)
        .join(".");
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.some((p) => p.startsWith(top.replace(/\.[^.[]+$/, "")))).toBe(true);
      return;
    }
    expect(problems).toEqual([]);
    const changed = JSON.stringify(row.example.value) !== JSON.stringify(schemaDefault(row.field));
    if (verdict === "no effect" && changed && !["0", "true"].includes(String(row.example.value))) {
      expect(
        warnings.some(
          (w) =>
            w.includes(row.field.replace(/^settings\.client\.transport$/, "settings.client.transport.")) &&
            w.includes("no effect"),
        ),
      ).toBe(true);
    }
    const [literal] = code(row.upstreamDefault);
    if (verdict === "same" && literal !== undefined) expect(schemaDefault(row.field)).toEqual(parseYaml(literal));
  });
});
