/** @module report/request-content-schema — result_summary.json's `request_content` block (metrics/request-content) as a zod schema. */
import { z } from "zod";

const count = z.number().int().min(0);

export const RequestContentSchema = z.strictObject({
  requests: z.number().int().min(1),
  images: count,
  images_per_request: z.number().min(0),
  videos: count,
  videos_per_request: z.number().min(0),
  audio_seconds: z.number().min(0),
  audio_seconds_per_request: z.number().min(0).nullable(),
  audio_unmeasured: count,
  request_bytes: z.strictObject({ mean: z.number(), p50: z.number(), p99: z.number(), max: z.number() }),
  input_tokens: z
    .strictObject({ requests: z.number().int().min(1), server_mean: z.number(), tokenizer_mean: z.number().nullable() })
    .nullable(),
});
