/**
 * @module test/preload — makes every test hermetic: no secrets, tokens or caches from the developer's environment.
 *
 * API keys and tokens are dropped; HOME, XDG_CACHE_HOME and the Hugging Face cache variables
 * point into a fresh temporary directory, so no test (nor a CLI it starts) can find a model,
 * tokenizer or dataset the developer happens to have cached. Tests that need a cache build one
 * and pass it explicitly.
 */
import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

for (const name of Object.keys(process.env)) {
  if (
    /(_API_KEY|_TOKEN|^HF_HOME$|^HF_HUB_CACHE$|^HF_HUB_OFFLINE$|^HF_ENDPOINT$|^HF_DATASETS_CACHE$|^XDG_CACHE_HOME$)/.test(
      name,
    )
  )
    delete process.env[name];
}
const home = mkdtempSync(join(tmpdir(), "ie-test-home-"));
process.env.HOME = home;
process.env.XDG_CACHE_HOME = join(home, ".cache");
process.env.NO_COLOR = "1";
// A preload's afterAll runs once, after every test file (bun test runs no exit handlers).
afterAll(() => rmSync(home, { recursive: true, force: true }));
