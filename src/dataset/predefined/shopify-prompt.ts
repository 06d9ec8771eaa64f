/**
 * @module dataset/predefined/shopify-prompt — upstream's `q3vl` prompt for the Shopify
 * catalogue, as MLCommons' Qwen3-VL reference builds it: the task and ProductMetadata's JSON
 * schema (as Pydantic 2 prints it, indented by 2) in the system message; the title, description
 * and candidate categories as one text part, then the image as a data URI part.
 */

export const SHOPIFY_COLUMNS = [
  "product_title",
  "product_description",
  "product_image_base64",
  "product_image_format",
  "potential_product_categories",
  "ground_truth_category",
  "ground_truth_brand",
  "ground_truth_is_secondhand",
] as const;

const PRODUCT_METADATA_SCHEMA = JSON.stringify(
  {
    additionalProperties: false,
    description:
      "JSON format for expected VLM responses (matches MLCommons Q3VL schema).\n\nReference: " +
      "https://github.com/mlcommons/inference/blob/master/multimodal/qwen3-vl/src/mlperf_inf_mm_q3vl/schema.py",
    properties: {
      category: { title: "Category", type: "string" },
      brand: { title: "Brand", type: "string" },
      is_secondhand: { title: "Is Secondhand", type: "boolean" },
    },
    required: ["category", "brand", "is_secondhand"],
    title: "ProductMetadata",
    type: "object",
  },
  null,
  2,
);

export const SHOPIFY_SYSTEM = `Please analyze the product from the user prompt
and provide the following fields in a valid JSON object:
- category
- brand
- is_secondhand

You must choose only one, which is the most appropriate, correct, and specific
category out of the list of possible product categories.

The description of the product sometimes contains various types of source code
(e.g., JavaScript, CSS, HTML, etc.), where useful product information is embedded
somewhere inside the source code. For this task, you should extract the useful
product information from the source code and leverage it, and discard the
programmatic parts of the source code.

Your response should only contain a valid JSON object and nothing more, e.g.,
you should not fence the JSON object inside a \`\`\`json code block.
The JSON object should match the following JSON schema:
\`\`\`json
${PRODUCT_METADATA_SCHEMA}
\`\`\`
`;

/** The user message's content parts for one product row. */
export function shopifyPrompt(row: Readonly<Record<string, string>>): unknown[] {
  const text = `The title of the product is the following:
\`\`\`text
${row.product_title ?? ""}
\`\`\`

The description of the product is the following:
\`\`\`text
${row.product_description ?? ""}
\`\`\`

The following are the possible product categories:
\`\`\`json
${row.potential_product_categories ?? "[]"}
\`\`\`
`;
  const parts: unknown[] = [{ type: "text", text }];
  const image = row.product_image_base64 ?? "";
  if (image !== "")
    parts.push({
      type: "image_url",
      image_url: { url: `data:image/${row.product_image_format || "JPEG"};base64,${image}` },
    });
  return parts;
}
