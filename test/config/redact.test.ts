import { describe, expect, test } from "bun:test";
import { parse } from "yaml";
import { buildConfig } from "../../src/config/build-config.ts";
import { isSecretKey, REDACTED, redactSecrets, redactUrl } from "../../src/config/redact.ts";
import { toYamlText } from "../../src/config/yaml-text.ts";

describe("config/redact", () => {
  test.each([
    ["api_key", true],
    ["API-KEY", true],
    ["access_token", true],
    ["Authorization", true],
    ["auth_token", true],
    ["password", true],
    ["token", true],
    ["hf_token", true],
    ["openai_key", true],
    ["db_password", true],
    ["client_secret", true],
    ["SecretSauce", true],
    ["max_new_tokens", false],
    ["tokenizer_name", false],
    ["keyboard", false],
    ["name", false],
  ])("treats the key %p as secret: %p", (key, secret) => {
    expect(isSecretKey(key)).toBe(secret);
  });

  test.each([
    ["http://user:pass@host:8000/v1", `http://${REDACTED}@host:8000/v1`],
    ["https://token@example.com", `https://${REDACTED}@example.com`],
    ["wss://u:p@h/x?y=1", `wss://${REDACTED}@h/x?y=1`],
    ["http://h/x?token=abc&model=m", `http://h/x?token=${REDACTED}&model=m`],
    ["http://h/?api-key=abc#frag", `http://h/?api-key=${REDACTED}#frag`],
    ["http://h/?access_token=a&x_secret=b&ok=c", `http://h/?access_token=${REDACTED}&x_secret=${REDACTED}&ok=c`],
    ["http://h:8000", "http://h:8000"],
    ["http://h/path@not-userinfo", "http://h/path@not-userinfo"],
    ["ftp://u:p@h", "ftp://<redacted>@h"],
    ["u:p@h:8000", "<redacted>@h:8000"],
    ["someone@example.com", "someone@example.com"],
    ["just text with user:pass@host", "just text with user:pass@host"],
  ])("redacts the URL %p", (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  test("redacts the api key and URL credentials without touching the running config", () => {
    const config = buildConfig({
      command: "offline",
      overrides: {
        "model_params.name": "m",
        "endpoint_config.endpoints": ["http://admin:hunter2@gpu:8000", "http://gpu2:8000/?token=t0k"],
        "endpoint_config.api_key": "sk-live-123",
      },
      datasets: ["d.jsonl"],
    });
    const redacted = redactSecrets(config);
    expect(redacted.endpoint_config.api_key).toBe(REDACTED);
    expect(redacted.endpoint_config.endpoints).toEqual([
      `http://${REDACTED}@gpu:8000`,
      `http://gpu2:8000/?token=${REDACTED}`,
    ]);
    expect(config.endpoint_config.api_key).toBe("sk-live-123");
    expect(config.endpoint_config.endpoints[0]).toBe("http://admin:hunter2@gpu:8000");
    expect(redacted.model_params.name).toBe("m");
  });

  test("redacts nested secret values of any type and keeps nulls", () => {
    const input = { extras: { password: 1234, nested: [{ secret_thing: { a: 1 } }] }, api_key: null };
    expect(redactSecrets<unknown>(input)).toEqual({
      extras: { password: REDACTED, nested: [{ secret_thing: REDACTED }] },
      api_key: null,
    });
    expect(input.extras.password).toBe(1234);
  });

  test("judges a headers mapping by header name, and extra_body by key", () => {
    const config = buildConfig({
      command: "offline",
      overrides: {
        "model_params.name": "m",
        "endpoint_config.endpoints": ["http://h:1"],
        "endpoint_config.headers": [
          "X-Route: decode",
          "Cookie: sid=c00kie",
          "X-Goog-Api-Key: g00g",
          "X-Auth-Token: t0k",
        ],
        "model_params.extra_body": '{"min_p":0.05,"vendor":{"access_token":"v3nd"}}',
      },
      datasets: ["d.jsonl"],
    });
    const redacted = redactSecrets(config);
    expect(redacted.endpoint_config.headers).toEqual({
      "X-Route": "decode",
      Cookie: REDACTED,
      "X-Goog-Api-Key": REDACTED,
      "X-Auth-Token": REDACTED,
    });
    expect(redacted.model_params.extra_body).toEqual({ min_p: 0.05, vendor: { access_token: REDACTED } });
    const text = toYamlText(redacted);
    for (const secret of ["c00kie", "g00g", "t0k", "v3nd"]) expect(text).not.toContain(secret);
    expect(config.endpoint_config.headers?.Cookie).toBe("sid=c00kie");
  });

  test("dumps YAML without nulls that reads back to the same values", () => {
    const config = buildConfig({
      command: "offline",
      overrides: { "model_params.name": "m", "endpoint_config.endpoints": ["http://h:1"] },
      datasets: ["d.jsonl"],
    });
    const text = toYamlText(redactSecrets(config));
    expect(text).not.toContain("null");
    expect(text).toContain('streaming: "off"');
    const back = parse(text) as Record<string, unknown>;
    expect(back.endpoint_config).toEqual({ endpoints: ["http://h:1"], api_type: "openai" });
    expect(back.report_dir).toBeUndefined();
    expect(buildConfig({ command: "from-config", yaml: back, overrides: {} })).toEqual(config);
  });

  test.each([
    ["1:20"],
    ["-1:20:30"],
    ["190:20:30.15"],
    ["1_000"],
    ["0b101"],
    ["0b"],
    ["2024-01-01"],
    ["2001-12-14t21:59:43.10-05:00"],
    ["="],
    ["on"],
    ["OFF"],
    ["y"],
    ["No"],
    ["~"],
    ["null"],
    [""],
    ["0777"],
    ["0x1F"],
    ["1e3"],
    [".inf"],
    ["+1"],
    ["12"],
    ["1.5"],
    ["- x"],
    ["a: b"],
    ["#x"],
    ["multi\nline"],
    ["Qwen/Qwen3-8B"],
    ["{question}"],
    ["x"],
    [" lead"],
    ["trail "],
    ["é😀"],
  ])("a config string %p reads back as the same string in YAML 1.1 and 1.2, as value and as key", (value) => {
    const config = { name: value, nested: { list: [value, { [value]: value }] } };
    const text = toYamlText(config);
    expect(parse(text, { version: "1.1" })).toEqual(config);
    expect(parse(text)).toEqual(config);
  });
});
