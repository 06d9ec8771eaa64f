import { describe, expect, test } from "bun:test";
import { parseListenAddress } from "../../src/config/listen-address.ts";

describe("config/listen-address", () => {
  test.each([
    ["9400", { host: "127.0.0.1", port: 9400 }],
    ["0", { host: "127.0.0.1", port: 0 }],
    ["127.0.0.1:0", { host: "127.0.0.1", port: 0 }],
    ["0.0.0.0:9400", { host: "0.0.0.0", port: 9400 }],
    ["bench-host.local:9400", { host: "bench-host.local", port: 9400 }],
    ["[::1]:9400", { host: "::1", port: 9400 }],
  ])("reads %s", (text, address) => {
    expect(parseListenAddress(text)).toEqual(address);
  });

  test.each([
    ["nonsense", "expected HOST:PORT or PORT"],
    ["host:", "expected HOST:PORT or PORT"],
    ["host:65536", "expected HOST:PORT or PORT"],
    ["host:-1", "expected HOST:PORT or PORT"],
    [":9400", "'' is not a host name"],
    ["a b:9400", "'a b' is not a host name"],
    ["::1:9400", "'::1' is not a host name"],
  ])("refuses %s", (text, problem) => {
    const parsed = parseListenAddress(text);
    expect("problem" in parsed && parsed.problem).toContain(problem);
  });
});
