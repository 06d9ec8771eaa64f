/** @module server — the built-in OpenAI-compatible mock server (`inference-endpoint serve`, tests, demo). */
export { startMockServer, type MockServer } from "./mock-server.ts";
export {
  MockModeSchema,
  MockServerOptionsSchema,
  resolveMockServerOptions,
  type MockMode,
  type MockServerOptions,
} from "./options.ts";
export type { ServerObservation } from "./observations.ts";
export { FAULT_KINDS, faultLabel, parseFaultSpec, type FaultKind, type FaultSpec } from "./fault-spec.ts";
