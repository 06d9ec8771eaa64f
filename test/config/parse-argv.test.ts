import { describe, expect, test } from "bun:test";
import type { FlagSpec } from "../../src/config/flags.ts";
import { parseFlags } from "../../src/config/parse-argv.ts";
import { InputError } from "../../src/errors.ts";

function errorOf(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("expected an InputError");
}

describe("config/parse-argv", () => {
  test.each([
    [["--endpoints", "http://a:1"], "endpoint_config.endpoints", ["http://a:1"]],
    [["--endpoints=http://a:1,http://b:2"], "endpoint_config.endpoints", ["http://a:1", "http://b:2"]],
    [
      ["--endpoints", "http://a:1", "--endpoints", "http://b:2"],
      "endpoint_config.endpoints",
      ["http://a:1", "http://b:2"],
    ],
    [["--endpoint-config.endpoints", "http://a:1"], "endpoint_config.endpoints", ["http://a:1"]],
    [["--model", "llama"], "model_params.name", "llama"],
    [["--model-params.name=llama"], "model_params.name", "llama"],
    [["--target-qps", "12.5"], "settings.load_pattern.target_qps", 12.5],
    [["--load-pattern.target-qps", "3"], "settings.load_pattern.target_qps", 3],
    [["--concurrency", "32"], "settings.load_pattern.target_concurrency", 32],
    [["--load-pattern", "poisson"], "settings.load_pattern.type", "poisson"],
    [["--workers", "-1"], "settings.client.num_workers", -1],
    [["--num-workers", "4"], "settings.client.num_workers", 4],
    [["--duration", "10m"], "settings.runtime.min_duration_ms", "10m"],
    [["--num-samples", "100"], "settings.runtime.n_samples_to_issue", 100],
    [["--streaming", "off"], "model_params.streaming", "off"],
    [["--insecure"], "settings.client.insecure", true],
    [["--insecure", "false"], "settings.client.insecure", false],
    [["--insecure=true"], "settings.client.insecure", true],
    [["--no-insecure"], "settings.client.insecure", false],
    [["--client.no-insecure"], "settings.client.insecure", false],
    [["--warmup"], "settings.warmup.enabled", true],
    [["--enabled"], "settings.warmup.enabled", true],
    [["--no-warmup-salt"], "settings.warmup.salt", false],
    [["--no-early-stopping"], "settings.early_stopping.enabled", false],
    [["--no-cpu-affinity"], "enable_cpu_affinity", false],
    [["--no-use-legacy-loadgen-qps-metrics"], "settings.load_pattern.use_legacy_loadgen_qps_metrics", false],
    [["--accuracy-drain-timeout", "none"], "settings.drain.accuracy_timeout_s", null],
    [["--api-key", "sk-1"], "endpoint_config.api_key", "sk-1"],
    [["--report-dir", "out"], "report_dir", "out"],
    [["--timeout", "90"], "timeout", 90],
    [["--client.log-level", "info"], "settings.client.log_level", "INFO"],
    [["--client.log-level=warn"], "settings.client.log_level", "WARN"],
  ])("reads %p into %s", (argv, path, value) => {
    expect(parseFlags(argv, "online").overrides[path]).toEqual(value);
  });

  test("binds bare --enabled to warmup and --no-early-stopping to early stopping only", () => {
    const { overrides } = parseFlags(["--enabled", "--no-early-stopping"], "offline");
    expect(overrides).toEqual({ "settings.warmup.enabled": true, "settings.early_stopping.enabled": false });
  });

  test("collects command-level flags separately", () => {
    const parsed = parseFlags(
      [
        "--dataset",
        "perf:a.jsonl,parser.prompt=x",
        "--dataset",
        "acc:b.jsonl,name=b",
        "--mode",
        "both",
        "-vv",
        "extra",
      ],
      "offline",
    );
    expect(parsed.datasets).toEqual(["perf:a.jsonl,parser.prompt=x", "acc:b.jsonl,name=b"]);
    expect(parsed.mode).toBe("both");
    expect(parsed.verbosity).toBe(2);
    expect(parsed.positionals).toEqual(["extra"]);
    expect(parsed.overrides).toEqual({});
  });

  test.each([
    [["--accuracy-only"], "acc"],
    [["--mode", "acc", "--accuracy-only"], "acc"],
    [["--no-accuracy-only"], undefined],
    [["--mode", "both", "--no-accuracy-only"], "both"],
    [[], undefined],
  ] as const)("resolves the mode of %p to %p", (argv, mode) => {
    expect(parseFlags([...argv], "offline").mode).toBe(mode);
  });

  test("reads from-config's --config, -c and overrides", () => {
    expect(parseFlags(["-c", "x.yaml", "--timeout", "5"], "from-config")).toMatchObject({
      configPath: "x.yaml",
      overrides: { timeout: 5 },
    });
    expect(parseFlags(["--config=y.yaml"], "from-config").configPath).toBe("y.yaml");
  });

  test.each([
    [["--modle", "x"], "offline", "unknown flag --modle", "did you mean --model?"],
    [["--endpoint", "x"], "offline", "unknown flag --endpoint", "did you mean --endpoints?"],
    [["--target-qbs", "3"], "online", "unknown flag --target-qbs", "did you mean --target-qps?"],
    [["--frobnicate"], "offline", "unknown flag --frobnicate", "--help"],
    [["--concurrency", "5"], "offline", "--concurrency is not available for `benchmark offline`", "benchmark online"],
    [["--api-type", "OpenAI"], "offline", "--api-type expects one of openai", undefined],
    [["--model"], "offline", "--model needs a value", undefined],
    [["--model", "--workers", "2"], "offline", "--model needs a value", undefined],
    [["--target-qps", "abc"], "online", "--target-qps expects a number, got 'abc'", undefined],
    [["--workers", "1.5"], "offline", "--workers expects a whole number, got '1.5'", undefined],
    [["--streaming", "maybe"], "offline", "--streaming expects one of auto, on, off; got 'maybe'", undefined],
    [["--load-pattern", "ramp"], "online", "--load-pattern expects one of max_throughput, poisson", undefined],
    [["--duration", "soon"], "offline", "--duration: invalid duration 'soon'", undefined],
    [["--insecure=maybe"], "offline", "--insecure expects true or false", undefined],
    [["--no-insecure=1"], "offline", "--no-insecure takes no value", undefined],
    [["--mode", "perf", "--accuracy-only"], "offline", "--accuracy-only conflicts with --mode perf", undefined],
    [[], "from-config", "missing --config FILE", "from-config -c"],
  ] as const)("rejects %p for %s", (argv, command, message, hint) => {
    const error = errorOf(() => parseFlags([...argv], command));
    expect(error.message).toContain(message);
    if (hint) expect(error.hint).toContain(hint);
  });

  test("reports every problem at once", () => {
    const error = errorOf(() => parseFlags(["--modle", "x", "--workers", "abc", "--endpoints"], "offline"));
    expect(error.message.split("\n")).toEqual([
      "invalid flags: 3 problems:",
      "  - unknown flag --modle (did you mean --model?)",
      "  - --workers expects a whole number, got 'abc'",
      expect.stringContaining("  - --endpoints needs a value"),
    ]);
  });

  test("reports no problems when help is asked for", () => {
    expect(parseFlags(["--bogus", "--help"], "offline").help).toBe(true);
  });

  test("keeps everything after -- as positionals", () => {
    expect(parseFlags(["--", "--model", "x"], "offline").positionals).toEqual(["--model", "x"]);
  });

  test("parses another command's own specs", () => {
    const specs: FlagSpec[] = [
      {
        flag: "--requests",
        aliases: [],
        path: "requests",
        kind: "integer",
        description: "n",
        commands: ["probe"] as unknown as FlagSpec["commands"],
      },
    ];
    expect(parseFlags(["--requests", "3"], "probe", specs).overrides).toEqual({ requests: 3 });
    const error = errorOf(() => parseFlags(["--request", "3"], "probe", specs));
    expect(error.message).toBe("unknown flag --request");
    expect(error.hint).toBe("did you mean --requests?");
  });
});

describe("config/parse-argv: hidden upstream flags", () => {
  test("benchmark offline reads --target-qps, which sizes the sample count as the YAML field does", () => {
    expect(parseFlags(["--target-qps", "100"], "offline").overrides).toEqual({
      "settings.load_pattern.target_qps": 100,
    });
  });
});
