/**
 * @module test/config/rules/synthetic-images.test — `images=`, `image_size=`, `image_format=` on the random dataset:
 * what reaches the config, and each refusal as the one line the user reads, before anything is loaded.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { parseFlags } from "../../../src/config/parse-argv.ts";

const build = (dataset: string, ...argv: string[]) => {
  const parsed = parseFlags(
    ["--model", "m", "--endpoints", "http://127.0.0.1:9", "--dataset", dataset, ...argv],
    "offline",
  );
  return buildConfig({ command: "offline", overrides: parsed.overrides, datasets: parsed.datasets });
};

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("config/rules/synthetic-images", () => {
  test("the random dataset takes images, image_size and image_format", () => {
    const config = build("random,isl=16,osl=8,images=2,image_size=256x128,image_format=jpeg");
    expect(config.datasets[0]).toMatchObject({ images: 2, image_size: "256x128", image_format: "jpeg" });
    expect(build("random,isl=16,osl=8,images=1", "--api-type", "anthropic_messages").datasets[0]?.images).toBe(1);
  });

  test.each([
    [["d.jsonl,images=2"], /datasets\[0\]\.images \(--dataset\): images= applies to the random dataset only/],
    [
      ["random,isl=16,osl=8,image_size=64x64"],
      /datasets\[0\]\.image_size \(--dataset\): image_size= describes .*set images=N/,
    ],
    [["random,isl=16,osl=8,images=1,image_size=64"], /datasets\[0\]\.image_size \(--dataset\): expected WIDTHxHEIGHT/],
    [["random,isl=16,osl=8,images=1,image_format=gif"], /image_format/],
    [
      ["random,isl=16,osl=8,images=1", "--api-type", "openai_completions"],
      /api_type openai_completions has no content part for an image/,
    ],
    [["random,isl=16,osl=8,images=1", "--api-type", "sglang"], /api_type sglang has no content part/],
  ])("%o is refused", ([dataset, ...argv], message) => {
    expect(refusal(() => build(dataset as string, ...argv))).toMatch(message);
  });
});
