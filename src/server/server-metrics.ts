/**
 * @module server/server-metrics — what `serve` reports on `GET /metrics`, under vLLM's names, in
 * the Prometheus text format: requests running and waiting (server/admission), the KV-cache
 * use those running requests would take, token counters, and the TTFT and end-to-end latency
 * histograms with vLLM's buckets; and, ours, the image, audio and video parts it was sent
 * (`mock_request_media_parts_total{modality}`, server/request-media).
 *
 * TTFT here is vLLM's: from the request's arrival to its first token, queueing included, so a
 * client that times the same request sees at least this plus the network. The KV-cache use is
 * running ÷ the `--max-concurrent` limit (0 without one): a stand-in that rises with load.
 */
import type { MediaCounts } from "../dataset/media-parts.ts";
import type { Admission } from "./admission.ts";

/** vLLM's buckets for request latency histograms (seconds). */
const LATENCY_BUCKETS_S = [
  0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0,
  640.0, 2560.0,
];

class Histogram {
  readonly counts = new Array<number>(LATENCY_BUCKETS_S.length).fill(0);
  count = 0;
  sum = 0;

  observe(seconds: number): void {
    this.count++;
    this.sum += seconds;
    for (let i = 0; i < LATENCY_BUCKETS_S.length; i++)
      if (seconds <= (LATENCY_BUCKETS_S[i] as number)) this.counts[i] = (this.counts[i] as number) + 1;
  }

  lines(name: string, labels: string): string[] {
    // Bounds as Python's prometheus_client prints them (1.0, not 1).
    const buckets = LATENCY_BUCKETS_S.map(
      (le, i) =>
        `${name}_bucket{${labels},le="${Number.isInteger(le) ? le.toFixed(1) : String(le)}"} ${this.counts[i]}`,
    );
    return [
      ...buckets,
      `${name}_bucket{${labels},le="+Inf"} ${this.count}`,
      `${name}_count{${labels}} ${this.count}`,
      `${name}_sum{${labels}} ${this.sum}`,
    ];
  }
}

export interface ServerMetrics {
  /** A request's first token, `seconds` after its arrival. */
  firstToken(seconds: number): void;
  /** A request finished `seconds` after its arrival with these token counts. */
  finished(seconds: number, promptTokens: number, outputTokens: number): void;
  /** A request's image, audio and video parts, once it is answered (ours: vLLM exports no such counter). */
  mediaParts(counts: MediaCounts): void;
  /** The exposition text. */
  render(): string;
}

export function createServerMetrics(admission: Admission, limit: number | null, modelName: string): ServerMetrics {
  const ttft = new Histogram();
  const e2e = new Histogram();
  let promptTokens = 0;
  let generationTokens = 0;
  let succeeded = 0;
  const media: MediaCounts = { image: 0, audio: 0, video: 0 };
  const labels = `engine="0",model_name="${modelName.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const family = (name: string, type: string, help: string, lines: string[]) => [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} ${type}`,
    ...lines,
  ];
  return {
    firstToken: (seconds) => ttft.observe(seconds),
    mediaParts(counts) {
      for (const modality of ["image", "audio", "video"] as const) media[modality] += counts[modality];
    },
    finished(seconds, prompt, output) {
      e2e.observe(seconds);
      promptTokens += prompt;
      generationTokens += output;
      succeeded++;
    },
    render() {
      const usage = limit === null ? 0 : admission.running() / limit;
      return (
        [
          ...family("vllm:num_requests_running", "gauge", "Number of requests in model execution batches.", [
            `vllm:num_requests_running{${labels}} ${admission.running()}`,
          ]),
          ...family("vllm:num_requests_waiting", "gauge", "Number of requests waiting to be processed.", [
            `vllm:num_requests_waiting{${labels}} ${admission.waiting()}`,
          ]),
          ...family("vllm:kv_cache_usage_perc", "gauge", "KV-cache usage. 1 means 100 percent usage.", [
            `vllm:kv_cache_usage_perc{${labels}} ${usage}`,
          ]),
          ...family("vllm:prompt_tokens_total", "counter", "Number of prefill tokens processed.", [
            `vllm:prompt_tokens_total{${labels}} ${promptTokens}`,
          ]),
          ...family("vllm:generation_tokens_total", "counter", "Number of generation tokens processed.", [
            `vllm:generation_tokens_total{${labels}} ${generationTokens}`,
          ]),
          ...family("vllm:request_success_total", "counter", "Count of successfully processed requests.", [
            `vllm:request_success_total{${labels},finished_reason="length"} ${succeeded}`,
          ]),
          ...family(
            "mock_request_media_parts_total",
            "counter",
            "Image, audio and video parts of the requests answered (serve's own).",
            (["image", "audio", "video"] as const).map(
              (m) => `mock_request_media_parts_total{${labels},modality="${m}"} ${media[m]}`,
            ),
          ),
          ...family(
            "vllm:time_to_first_token_seconds",
            "histogram",
            "Histogram of time to first token in seconds.",
            ttft.lines("vllm:time_to_first_token_seconds", labels),
          ),
          ...family(
            "vllm:e2e_request_latency_seconds",
            "histogram",
            "Histogram of e2e request latency in seconds.",
            e2e.lines("vllm:e2e_request_latency_seconds", labels),
          ),
        ].join("\n") + "\n"
      );
    },
  };
}
