/**
 * @module server-metrics/exposition — one scrape of a Prometheus text page as flat samples.
 *
 * Hand-written: the npm parsers tried lose the labels of histogram series, or drop names with a
 * colon — vLLM's and SGLang's (`vllm:…`) — see docs/dev/performance.md. The format is line-based:
 * `# HELP`/`# TYPE`/comments are skipped; a sample is `name{label="value",…} value [timestamp]`,
 * label values escaping `\\`, `\"` and `\n`; values may be NaN, +Inf or -Inf. An OpenMetrics
 * exemplar (` # {…} v`) after the value is ignored. Labels are kept as JSON with sorted keys, so
 * one series has one spelling; a histogram's buckets keep their `le` label.
 */

export interface MetricSample {
  name: string;
  /** JSON object of the labels, keys sorted ("{}" for none). */
  labels: string;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

/** The number of a sample's value text (Go's and Python's spellings of the special values). */
function valueOf(text: string): number {
  if (/^[+]?inf$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  const value = Number(text);
  if (text === "" || Number.isNaN(value)) throw new Error(`'${text}' is not a number`);
  return value;
}

/** Reads `{a="x",b="y"}` from `line` at `start` (the `{`); returns the labels and the index after `}`. */
function readLabels(line: string, start: number): [Record<string, string>, number] {
  const labels: Record<string, string> = {};
  let i = start + 1;
  for (;;) {
    while (line[i] === " ") i++;
    if (line[i] === "}") return [labels, i + 1];
    const name = LABEL_NAME.exec(line.slice(i))?.[0];
    if (!name || line[i + name.length] !== "=" || line[i + name.length + 1] !== '"')
      throw new Error('a label must be name="value"');
    i += name.length + 2;
    let value = "";
    for (; i < line.length && line[i] !== '"'; i++) {
      if (line[i] !== "\\") {
        value += line[i];
        continue;
      }
      const next = line[++i];
      value += next === "n" ? "\n" : (next ?? "");
    }
    if (i >= line.length) throw new Error("a label value is not closed");
    labels[name] = value;
    i++;
    while (line[i] === " ") i++;
    if (line[i] === ",") i++;
    else if (line[i] !== "}") throw new Error("labels must be separated by commas");
  }
}

function sortedJson(labels: Record<string, string>): string {
  const keys = Object.keys(labels).sort();
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, labels[k]])));
}

/** Every sample of the page, in page order. Throws with the line number when a line is not the format. */
export function parseExposition(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  const lines = text.split("\n");
  for (let n = 0; n < lines.length; n++) {
    const line = (lines[n] as string).replace(/\r$/, "").trim();
    if (line === "" || line.startsWith("#")) continue;
    try {
      const name = NAME.exec(line)?.[0];
      if (!name) throw new Error("no metric name");
      let [labels, rest]: [Record<string, string>, number] = [{}, name.length];
      if (line[rest] === "{") [labels, rest] = readLabels(line, rest);
      const fields = line.slice(rest).split(" # ")[0]?.trim().split(/\s+/) ?? [];
      if (fields.length < 1 || fields.length > 2) throw new Error("expected a value and at most a timestamp");
      samples.push({ name, labels: sortedJson(labels), value: valueOf(fields[0] as string) });
    } catch (error) {
      throw new Error(`line ${n + 1}: ${(error as Error).message}`);
    }
  }
  return samples;
}
