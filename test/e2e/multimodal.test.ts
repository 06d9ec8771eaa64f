/**
 * @module test/e2e/multimodal.test — images and audio end to end against `serve` in a process of its own: every
 * request carries its parts (what the server observed), none fails, and the report shows images, audio seconds and
 * bytes per request; media the API has no shape for, and a missing file, are refused before any request (exit 2).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ServerObservation } from "../../src/server/index.ts";
import { wavBytes } from "../support/wav-bytes.ts";
import { spawnObservedServer } from "./observed-server.ts";
import { readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-multimodal-");
afterAll(() => dirs.cleanup());

const REQUESTS = 24;

const SERVER = { mode: "model", ttftMs: 1, tpotMs: 0, outputTokens: 4 };

const runArgs = (url: string, dataset: string, reportDir: string, ...extra: string[]) => [
  "benchmark",
  "offline",
  ...["--endpoints", url, "--model", "vlm", "--dataset", dataset, "--report-dir", reportDir],
  ...["--num-samples", String(REQUESTS), "--workers", "1", "--server-metrics", "off", "-q", ...extra],
];

/** A run against an observed `serve`: its exit code, summary, report texts and what the server saw. */
async function observedRun(dataset: (dir: string) => string, ...extra: string[]) {
  const dir = dirs.make();
  const server = await spawnObservedServer(SERVER, join(dir, "observations.json"));
  try {
    const reportDir = join(dir, "report");
    const result = await runCli(runArgs(server.url, dataset(dir), reportDir, ...extra));
    expect(result.stderr).not.toContain("error:");
    expect(result.exitCode).toBe(0);
    const observations: ServerObservation[] = await server.stopAndRead();
    return {
      summary: readSummary(reportDir),
      text: readFileSync(join(reportDir, "report.txt"), "utf8"),
      html: readFileSync(join(reportDir, "report.html"), "utf8"),
      observations: observations.filter((o) => o.path === "/v1/chat/completions"),
    };
  } finally {
    await server.stop().catch(() => undefined);
  }
}

describe("cli/multimodal", () => {
  test("synthetic images: 2 of 256×256 in every request, counted by the server and the report", async () => {
    const { summary, text, html, observations } = await observedRun(
      () => "random,isl=16,osl=4,images=2,image_size=256x256,max_rows=12",
    );
    expect(summary).toMatchObject({ n_samples_issued: REQUESTS, n_samples_failed: 0 });
    expect(observations).toHaveLength(REQUESTS);
    for (const o of observations) expect(o.media).toEqual({ image: 2, audio: 0, video: 0 });
    const content = summary.request_content;
    expect(content).toMatchObject({ requests: REQUESTS, images: 2 * REQUESTS, images_per_request: 2, videos: 0 });
    // Two base64 PNGs of a 256 × 256 picture each: tens of kB per image, the body past them.
    expect(content?.request_bytes.p50).toBeGreaterThan(2 * 20_000);
    expect(content?.request_bytes.p99).toBeGreaterThanOrEqual(content?.request_bytes.p50 as number);
    expect(text).toContain(
      `Request content (${REQUESTS} sent requests):\n  images: 2.00 per request (${2 * REQUESTS} in all)`,
    );
    expect(text).toMatch(/ {2}request body: mean [\d.]+ KiB, p50 [\d.]+ KiB, p99 [\d.]+ KiB/);
    expect(html).toContain("<td>images</td><td>2.00</td>");
  }, 60_000);

  test("an audio column: each request's WAV reaches the server, its seconds in the report", async () => {
    const { summary, text, observations } = await observedRun((dir) => {
      const lines = Array.from({ length: 6 }, (_, i) => {
        writeFileSync(join(dir, `clip${i}.wav`), wavBytes(16000, 1, 8000 * (i + 1)));
        return JSON.stringify({ prompt: `transcribe clip ${i}`, audio: `clip${i}.wav` });
      });
      writeFileSync(join(dir, "clips.jsonl"), `${lines.join("\n")}\n`);
      return join(dir, "clips.jsonl");
    });
    expect(summary).toMatchObject({ n_samples_issued: REQUESTS, n_samples_failed: 0 });
    expect(observations).toHaveLength(REQUESTS);
    for (const o of observations) expect(o.media).toEqual({ image: 0, audio: 1, video: 0 });
    // Clip i lasts (i + 1) / 2 s; each of the 6 rows is sent 4 times: a mean of 1.75 s.
    expect(summary.request_content).toMatchObject({ requests: REQUESTS, audio_seconds: 42, audio_unmeasured: 0 });
    expect(summary.request_content?.audio_seconds_per_request).toBeCloseTo(1.75, 9);
    expect(text).toContain("  audio: 1.75 s per request (42.00 s in all)");
  }, 60_000);

  test.each([
    [
      "audio on Anthropic's Messages API",
      (dir: string) => {
        writeFileSync(join(dir, "a.wav"), wavBytes(16000, 1, 1600));
        writeFileSync(join(dir, "d.jsonl"), `${JSON.stringify({ prompt: "x", audio: "a.wav" })}\n`);
        return ["--api-type", "anthropic_messages"];
      },
      /error: .*d\.jsonl: row 1: carries audio \('input_audio' part\), which Anthropic's Messages API/,
    ],
    [
      "a missing image file",
      (dir: string) => {
        writeFileSync(
          join(dir, "d.jsonl"),
          `${JSON.stringify({ prompt: "x" })}\n${JSON.stringify({ prompt: "y", image: "img/gone.png" })}\n`,
        );
        return [];
      },
      /error: .*d\.jsonl:2: column 'image': file not found: .*img\/gone\.png/,
    ],
  ])(
    "%s is refused before any request, exit 2",
    async (_, setUp, message) => {
      const dir = dirs.make();
      const extra = setUp(dir);
      const result = await runCli(runArgs("http://127.0.0.1:9", join(dir, "d.jsonl"), join(dir, "r"), ...extra), {
        cwd: dir,
      });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.split("\n").filter((l) => l.startsWith("error:"))).toHaveLength(1);
    },
    30_000,
  );
});
