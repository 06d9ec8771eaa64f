/**
 * @module test/docs.test — the documentation set stays true: generated references equal their sources, every link resolves.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CLI_DOC, cliDoc } from "../scripts/make-cli-doc.ts";
import { METRICS_DOC, metricDocs } from "../scripts/make-metric-docs.ts";

const ROOT = join(import.meta.dir, "..");
const DOCS = [
  "README.md",
  "CONTRIBUTING.md",
  ...["docs", "docs/dev"].flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `${dir}/${f}`),
  ),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1] as string)));
}

/** Relative links `[text](target)` outside code, with the file they are in. */
function relativeLinks(doc: string): { target: string; fragment: string | null }[] {
  const text = readFileSync(join(ROOT, doc), "utf8")
    .replace(/```[\s\S]*?```/g, "")
    .replace(/`[^`\n]*`/g, "");
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((href) => !/^[a-z]+:/i.test(href))
    .map((href) => {
      const [path = "", fragment] = href.split("#");
      return { target: path === "" ? doc : join(dirname(doc), path), fragment: fragment ?? null };
    });
}

describe("docs", () => {
  test("docs/cli.md is what `--help` prints for every command (bun scripts/make-cli-doc.ts)", () => {
    expect(readFileSync(CLI_DOC, "utf8")).toBe(cliDoc());
  });

  test("docs/metrics.md's tables are the metric, error-kind and stream-note registries (bun scripts/make-metric-docs.ts)", () => {
    const current = readFileSync(METRICS_DOC, "utf8");
    expect(current).toBe(metricDocs(current));
  });

  test.each(DOCS)("every relative link in %s resolves, anchors included", (doc) => {
    for (const { target, fragment } of relativeLinks(doc)) {
      const file = resolve(ROOT, target);
      expect({ link: target, exists: existsSync(file) }).toEqual({ link: target, exists: true });
      if (fragment !== null && statSync(file).isFile() && file.endsWith(".md")) {
        expect({ link: `${target}#${fragment}`, found: anchorsOf(file).has(fragment) }).toEqual({
          link: `${target}#${fragment}`,
          found: true,
        });
      }
    }
  });
});
