/** @module test/report/server-identity-fixture — a llama.cpp identity as the probe stores it, for the report and compare tests. */
import type { ServerIdentity } from "../../src/server-metrics/server-identity.ts";

export const LLAMA_IDENTITY: ServerIdentity = {
  engine: "llama.cpp",
  identified_by: "GET /props",
  version: "b7000-abc",
  model: "models/tiny-64x2.gguf",
  settings: { total_slots: 2, model_ftype: "F16", n_ctx: 2048 },
  models: [{ id: "models/tiny-64x2.gguf", owned_by: "llamacpp", max_model_len: null }],
};
