/**
 * @module test/e2e/llama-multimodal.test — our image, audio and video parts against llama.cpp's real server
 * (../shared/tools/llama-server). Its models are text-only (no mmproj), so it reads each part's type and answers
 * with its own refusal; what is asserted is exactly that answer, per route and modality (docs/servers.md records
 * it), and that our run counts every request as that failure: an image or audio part reaches its parser as a
 * part it knows (500 "… input is not supported"), vLLM's video_url is a type it does not know (400).
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { findLlamaEngine, startLlamaServer, type LlamaServer } from "../support/llama-server.ts";
import { wavBytes } from "../support/wav-bytes.ts";
import { runCli, tempDirs } from "./run-cli.ts";

const found = findLlamaEngine();
const dirs = tempDirs("ie-llama-mm-");
afterAll(() => dirs.cleanup());

const REQUESTS = 3;
const NOT_SUPPORTED = (what: string) =>
  `${what} input is not supported - hint: if this is unexpected, you may need to provide the mmproj`;

/** Each request's status, error kind and message, as events.db holds them. */
function failures(reportDir: string): { status: number; kind: string | null; message: string | null }[] {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    return db
      .query(
        `SELECT http_status AS status, error_kind AS kind, error_message AS message FROM requests
         WHERE phase = 'performance' AND error_kind IS NOT 'stale_connection'`,
      )
      .all() as { status: number; kind: string | null; message: string | null }[];
  } finally {
    db.close();
  }
}

/** A JSONL dataset of one row naming `column`'s file, written beside it. */
function mediaDataset(dir: string, column: "audio" | "video"): string {
  if (column === "audio") writeFileSync(join(dir, "clip.wav"), wavBytes(16000, 1, 4000));
  else writeFileSync(join(dir, "clip.mp4"), Uint8Array.of(0, 0, 0, 16, ...Buffer.from("ftypisom"), 0, 0, 2, 0));
  writeFileSync(
    join(dir, "d.jsonl"),
    `${JSON.stringify({ prompt: "what is this?", [column]: `clip.${column === "audio" ? "wav" : "mp4"}` })}\n`,
  );
  return join(dir, "d.jsonl");
}

const IMAGES = "random,isl=8,osl=4,images=1,image_size=32x32,max_rows=3";

if ("missing" in found) {
  if (process.env.CI === "true") {
    test("the real engine is present in CI", () => {
      throw new Error(`llama-server tests cannot run: ${found.missing}`);
    });
  } else {
    console.warn(`skipping the llama-server multimodal tests: ${found.missing} (set LLAMA_SERVER and LLAMA_MODELS)`);
  }
} else {
  const engine = found;

  describe("llama-server, text-only tiny model: our media parts", () => {
    let server: LlamaServer;
    beforeAll(async () => {
      server = await startLlamaServer(engine, { model: "tiny-64x2.gguf", slots: 1 });
    });
    afterAll(() => server?.stop());

    test.each([
      ["chat image_url (data URL)", "openai", (_: string) => IMAGES, 500, "http_5xx", NOT_SUPPORTED("image")],
      ["Responses input_image", "openai_responses", (_: string) => IMAGES, 500, "http_5xx", NOT_SUPPORTED("image")],
      ["Messages base64 image", "anthropic_messages", (_: string) => IMAGES, 500, "http_5xx", NOT_SUPPORTED("image")],
      [
        "chat input_audio (wav)",
        "openai",
        (d: string) => mediaDataset(d, "audio"),
        500,
        "http_5xx",
        NOT_SUPPORTED("audio"),
      ],
      [
        "chat video_url",
        "openai",
        (d: string) => mediaDataset(d, "video"),
        400,
        "http_4xx",
        "unsupported content[].type",
      ],
    ])(
      "%s: HTTP %i, its own words, every request",
      async (_, apiType, dataset, status, kind, message) => {
        const dir = dirs.make();
        const report = join(dir, "r");
        const result = await runCli([
          "benchmark",
          "offline",
          ...["--endpoints", server.url, "--model", "tiny", "--api-type", apiType, "--dataset", dataset(dir)],
          ...["--num-samples", String(REQUESTS), "--max-output-tokens", "4", "--report-dir", report, "-q"],
        ]);
        // Every request failed: the report is written and the run exits 4 (README's exit codes).
        expect(result.exitCode).toBe(4);
        const rows = failures(report);
        expect(rows).toHaveLength(REQUESTS);
        for (const row of rows) {
          expect(row).toMatchObject({ status, kind });
          expect(row.message).toContain(message);
        }
      },
      60_000,
    );
  });
}
