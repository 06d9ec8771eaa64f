/**
 * @module scripts/make-dummy-dataset — writes `datasets/dummy_1k.jsonl`, the small synthetic
 * dataset used by the demo and tests (same shape as upstream's test asset of that name).
 *
 * 1000 rows with exactly the keys `text_input` and `ref_output`. Row i uses template i % 10 and
 * topic i % 10 with "(case i)" after the topic, so every prompt is distinct (no prefix-cache
 * hits across rows) while staying short. Output is deterministic: re-running the script
 * rewrites the identical file. Usage: `bun scripts/make-dummy-dataset.ts [OUT_PATH]`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const DUMMY_ROW_COUNT = 1000;
export const DUMMY_DATASET_PATH = join(import.meta.dir, "..", "datasets", "dummy_1k.jsonl");

const TOPICS = [
  "artificial intelligence",
  "quantum computing",
  "renewable energy",
  "space exploration",
  "biotechnology",
  "climate change",
  "machine learning",
  "neural networks",
  "data science",
  "robotics",
] as const;

/** `{topic}` is replaced by the topic followed by " (case i)". */
const TEMPLATES = [
  "Tell a short story that involves {topic}",
  "Explain the idea behind {topic} in plain terms",
  "Compose a brief poem inspired by {topic}",
  "Describe how {topic} works in detail",
  "What are the defining features of {topic}?",
  "Compare and contrast approaches to {topic}",
  "Analyze why {topic} matters today",
  "Give concrete examples of {topic} in practice",
  "Discuss the historical development of {topic}",
  "Summarize the main points of {topic}",
] as const;

interface DummyRow {
  text_input: string;
  ref_output: string;
}

/** Row `i` of the dummy dataset. */
export function dummyRow(i: number): DummyRow {
  const topic = TOPICS[i % TOPICS.length] as string;
  const template = TEMPLATES[i % TEMPLATES.length] as string;
  return {
    text_input: template.replace("{topic}", `${topic} (case ${i})`),
    ref_output: `Response for prompt ${i}: This is a detailed response about ${topic}...`,
  };
}

/** The whole file's text: one JSON object per line, newline-terminated. */
export function dummyDatasetText(count = DUMMY_ROW_COUNT): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(JSON.stringify(dummyRow(i)));
  return `${lines.join("\n")}\n`;
}

if (import.meta.main) {
  const outPath = process.argv[2] ?? DUMMY_DATASET_PATH;
  writeFileSync(outPath, dummyDatasetText());
  process.stderr.write(`wrote ${DUMMY_ROW_COUNT} rows to ${outPath}\n`);
}
