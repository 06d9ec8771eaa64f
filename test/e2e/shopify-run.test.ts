/**
 * Upstream's Qwen3-VL Shopify example shape: `shopify_product_catalogue::q3vl` from upstream
 * tool's prepared copy, performance then accuracy scored with shopify_category_f1. The server sees
 * the system message with ProductMetadata's schema and a user message of text and image parts.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SHOPIFY_SYSTEM } from "../../src/dataset/predefined/shopify-prompt.ts";
import { writeStringParquet } from "../dataset/predefined/predefined-fixtures.ts";
import { runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-shopify-");
afterAll(() => dirs.cleanup());

const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const products = [
  { title: "Polo shirt", truth: "Clothing > Shirts > Polo" },
  { title: "Summer dress", truth: "Clothing > Dresses > Summer" },
];

function row(p: (typeof products)[number]): Record<string, string> {
  return {
    product_title: p.title,
    product_description: "Soft cotton.",
    product_image_base64: PIXEL,
    product_image_format: "PNG",
    potential_product_categories: JSON.stringify(["Clothing > Shirts > Polo", "Clothing > Dresses > Summer"]),
    ground_truth_category: p.truth,
    ground_truth_brand: "acme",
    ground_truth_is_secondhand: "false",
  };
}

describe("cli/shopify", () => {
  test("the q3vl preset's messages reach the server, and the category F1 is scored", async () => {
    const bodies: { messages: { role: string; content: unknown }[] }[] = [];
    const server = serveCompletions(async (req) => {
      bodies.push((await req.json()) as (typeof bodies)[number]);
      const content = JSON.stringify({ category: "Clothing > Shirts > Polo", brand: "acme", is_secondhand: false });
      return Response.json({
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 9, completion_tokens: 9 },
      });
    });
    try {
      const dir = dirs.make();
      writeStringParquet(
        join(
          dir,
          "dataset_cache",
          "shopify_product_catalogue",
          "train+test",
          "shopify_product_catalogue_train+test.parquet",
        ),
        products.map(row),
      );
      const config = join(dir, "q3vl.yaml");
      writeFileSync(
        config,
        [
          "type: offline",
          "model_params: {name: Qwen/Qwen3-VL-235B-A22B-Instruct, max_new_tokens: 150}",
          "datasets:",
          "  - {name: shopify_product_catalogue::q3vl, type: performance}",
          "  - {name: shopify_product_catalogue::q3vl, type: accuracy, accuracy_config: {eval_method: shopify_category_f1, ground_truth: ground_truth_category, extractor: identity_extractor, num_repeats: 1}}",
          "settings: {runtime: {n_samples_to_issue: 2}, client: {worker_initialization_timeout: 120, transport: {type: zmq, recv_buffer_size: 16777216}}}",
          `endpoint_config: {endpoints: ["http://127.0.0.1:${server.port}"]}`,
          "",
        ].join("\n"),
      );
      const report = join(dir, "r");
      const result = await runCli(
        ["benchmark", "from-config", "-c", config, "--mode", "both", "--report-dir", report],
        { cwd: dir },
      );
      expect(result.exitCode).toBe(0);
      const [system, user] = bodies[0]?.messages ?? [];
      expect(system).toEqual({ role: "system", content: SHOPIFY_SYSTEM });
      expect(user?.role).toBe("user");
      const parts = user?.content as { type: string; text?: string; image_url?: { url: string } }[];
      expect(parts.map((p) => p.type)).toEqual(["text", "image_url"]);
      expect(parts[1]?.image_url?.url).toBe(`data:image/PNG;base64,${PIXEL}`);
      expect(parts[0]?.text).toContain("```text\nSoft cotton.\n```");
      const entry = JSON.parse(readFileSync(join(report, "accuracy", "accuracy_results.json"), "utf8"))
        .accuracy_scores[0];
      // Polo right (3 of 3 levels); the dress answered as a polo matches only "Clothing": 4 of 6.
      expect(entry).toMatchObject({ extractor: "IdentityExtractor", ground_truth_column: "ground_truth_category" });
      expect(entry.score).toBeCloseTo(4 / 6, 12);
    } finally {
      server.stop(true);
    }
  }, 30_000);
});
