/**
 * @module test/metrics/request-content.test — what the requests carried, end to end through a real events.db: bodies
 * counted (dataset/request-content), written after the run by row and model (EventsDb.applyRequestContent), read back
 * as columns and summarised beside the server's and the tokenizer's input tokens, and shown in report.txt and html.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { audioPart, imagePart, videoPart } from "../../src/dataset/media-parts.ts";
import { requestContent, requestContentOf } from "../../src/dataset/request-content.ts";
import { openEventsDbReadonly, readPhaseColumns } from "../../src/metrics/read-phase.ts";
import { readInputTokenComparison, summarizeRequestContent } from "../../src/metrics/request-content.ts";
import { EventsDb } from "../../src/record/events-db.ts";
import { planBodyKeys } from "../../src/plan/phase-plan.ts";
import { Database } from "bun:sqlite";
import { renderRequestContentTable } from "../../src/report/html/request-content-table.ts";
import { requestContentLines } from "../../src/report/request-content-text.ts";
import { wavBytes } from "../support/wav-bytes.ts";
import { makeFailure, makeRecord } from "./make-record.ts";

const dir = mkdtempSync(join(tmpdir(), "ie-request-content-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WAV = Buffer.from(wavBytes(16000, 1, 24000)).toString("base64");
const text = { type: "text", text: "hi" };
const chat = (...parts: unknown[]) =>
  JSON.stringify({ model: "m", messages: [{ role: "user", content: [text, ...parts] }] });

describe("metrics/request-content", () => {
  test.each([
    [
      "plain text",
      JSON.stringify({ model: "m", messages: [{ role: "user", content: "a picture of image_url" }] }),
      [0, 0, 0],
    ],
    [
      "chat images, audio, video",
      chat(imagePart("data:image/png;base64,AA=="), audioPart(WAV, "wav"), videoPart("https://v")),
      [1, 1, 1.5e9],
    ],
    [
      "Responses input items",
      JSON.stringify({ input: [{ role: "user", content: [{ type: "input_image", image_url: "https://i" }] }] }),
      [1, 0, 0],
    ],
    [
      "Messages blocks",
      JSON.stringify({
        messages: [
          {
            role: "user",
            content: [
              { type: "image", source: {} },
              { type: "image", source: {} },
            ],
          },
        ],
      }),
      [2, 0, 0],
    ],
    ["audio by URL: length unknown", chat({ type: "audio_url", audio_url: { url: "https://a" } }), [0, 0, null]],
  ])("%s", (_, body, [images, videos, audioNs]) => {
    expect(requestContent(body)).toEqual({ images, videos, audioNs, bytes: Buffer.byteLength(body) } as never);
  });

  test("bodies of a model mix: a row's body per model block, a row's own model from the first block", () => {
    const bodies = ["r0m0", "r1m0", "r0m1-longer", "r1m1-longer"];
    const of = requestContentOf(bodies, 2);
    expect([of(1, 0)?.bytes, of(0, 1)?.bytes, of(1, 5)?.bytes, of(9, 0)]).toEqual([4, 11, 4, null]);
  });

  test("counted from events.db: every sent request, failures included; tokens over successful ones with usage", () => {
    const path = join(dir, "events.db");
    const db = new EventsDb(path);
    const bodies = [chat(imagePart("data:image/png;base64,AA=="), imagePart("https://x")), chat(audioPart(WAV, "wav"))];
    db.addRecords([
      makeRecord({ planIndex: 0, sampleIndex: 0, inputTokens: 700 }),
      makeRecord({ planIndex: 1, sampleIndex: 1, inputTokens: 300 }),
      makeFailure({ planIndex: 2, sampleIndex: 0, sentNs: 5, doneNs: 10 }),
    ]);
    db.applyRequestContent(
      "performance",
      planBodyKeys({ sampleIndex: Uint32Array.from([0, 1, 0]) }),
      requestContentOf(bodies, 2),
    );
    db.close();
    const reader = openEventsDbReadonly(path);
    try {
      const summary = summarizeRequestContent(
        readPhaseColumns(reader, "performance"),
        readInputTokenComparison(reader, "performance"),
      );
      const bytes = bodies.map((b) => Buffer.byteLength(b));
      expect(summary).toEqual({
        requests: 3,
        images: 4,
        images_per_request: 4 / 3,
        videos: 0,
        videos_per_request: 0,
        audio_seconds: 1.5,
        audio_seconds_per_request: 0.5,
        audio_unmeasured: 0,
        request_bytes: {
          mean: (2 * (bytes[0] as number) + (bytes[1] as number)) / 3,
          p50: bytes[0],
          p99: bytes[0],
          max: Math.max(...bytes),
        },
        input_tokens: { requests: 2, server_mean: 500, tokenizer_mean: null },
      } as never);
      const lines = requestContentLines(summary as never).join("\n");
      expect(lines).toContain("images: 1.33 per request (4 in all)");
      expect(lines).toContain("audio: 0.50 s per request (1.50 s in all)");
      expect(lines).toContain(
        "input tokens per request, server usage (media and chat template included): 500.00 (2 requests)",
      );
      expect(renderRequestContentTable(summary as never)).toContain("<td>images</td><td>1.33</td><td>4</td>");
    } finally {
      reader.close();
    }
  });

  test.each([
    [
      "one model: each row once, in first-sent order",
      [2, 0, 2, 1, 0],
      undefined,
      [
        [2, 0],
        [0, 0],
        [1, 0],
      ],
    ],
    [
      "a mix: a row per model it went to",
      [0, 0, 1, 0],
      [0, 1, 1, 0],
      [
        [0, 0],
        [0, 1],
        [1, 1],
      ],
    ],
    [
      "the highest model index stays apart from the next row",
      [0, 1],
      [65_535, 0],
      [
        [0, 65_535],
        [1, 0],
      ],
    ],
  ])("planBodyKeys: %s", (_, rows, models, keys) => {
    const plan = { sampleIndex: Uint32Array.from(rows), modelIndex: models ? Uint16Array.from(models) : undefined };
    expect(planBodyKeys(plan)).toEqual(keys as never);
  });

  test("a row per body, no request row rewritten; a schema-7 file's columns in requests read the same", () => {
    const path = join(dir, "rows.db");
    const db = new EventsDb(path);
    db.addRecords([makeRecord({ planIndex: 0, sampleIndex: 1 }), makeRecord({ planIndex: 1, sampleIndex: 1 })]);
    db.applyRequestContent("performance", [[1, 0]], () => ({ images: 2, videos: 0, audioNs: 0, bytes: 900 }));
    db.close();
    const raw = new Database(path);
    try {
      expect(raw.query("SELECT * FROM request_content").all()).toEqual([
        { phase: "performance", sample_index: 1, model: 0, images: 2, audio_ns: 0, videos: 0, request_bytes: 900 },
      ]);
      expect(raw.query("SELECT COUNT(*) AS n FROM pragma_table_info('requests') WHERE name = 'images'").get()).toEqual({
        n: 0,
      });
      expect([...readPhaseColumns(raw, "performance").requestBytes]).toEqual([900, 900]);
      // Schema 7 kept the four counts in requests itself: moved back there, they read the same.
      raw.exec(`ALTER TABLE requests ADD COLUMN images INTEGER; ALTER TABLE requests ADD COLUMN audio_ns INTEGER;
        ALTER TABLE requests ADD COLUMN videos INTEGER; ALTER TABLE requests ADD COLUMN request_bytes INTEGER;
        UPDATE requests SET images = 2, audio_ns = 0, videos = 0, request_bytes = 900; DROP TABLE request_content;`);
      const cols = readPhaseColumns(raw, "performance");
      expect([[...cols.requestBytes], [...cols.images]]).toEqual([
        [900, 900],
        [2, 2],
      ]);
    } finally {
      raw.close();
    }
  });

  test("a run recorded before bodies were counted has no section", () => {
    expect(
      summarizeRequestContent(
        {
          count: 1,
          sentNs: Float64Array.of(1),
          images: Float64Array.of(Number.NaN),
          videos: Float64Array.of(Number.NaN),
          audioNs: Float64Array.of(Number.NaN),
          requestBytes: Float64Array.of(Number.NaN),
        },
        null,
      ),
    ).toBeNull();
    expect(renderRequestContentTable(undefined)).toBe("");
  });
});
