/**
 * What a `tools/call` result says in its body: its text blocks, and whether a result without `isError`
 * reports a failure (a failure dressed up as success). Shared by probe planning (./targets.ts: a call whose
 * result says it failed is no known-good base for probes) and the checks (errors/classification's
 * `failureAsSuccess`, errors/input-enforcement: a refusal dressed up as success is no acceptance). Pure;
 * reads values, returns only which shape matched (never the value).
 */
import { isJsonObject } from '../json.ts';

/** A text block's position and text. */
export interface TextBlock {
  /** Index in the `content` array. */
  index: number;
  text: string;
}

/** The `text` blocks (with a string `text`) of a `content` value; empty when `content` is not an array. */
export function textBlocks(content: unknown): TextBlock[] {
  if (!Array.isArray(content)) return [];
  const blocks: TextBlock[] = [];
  content.forEach((block, index) => {
    if (isJsonObject(block) && block.type === 'text' && typeof block.text === 'string') blocks.push({ index, text: block.text });
  });
  return blocks;
}

/** Which shape said "failure": the wording of a message's `{{how}}`. */
export type FailureShape =
  | "a text that begins with 'Error'"
  | "a JSON body with an 'error' member"
  | 'a JSON body with status "error"'
  | 'a JSON body with success false';

const ERROR_LEAD = /^\s*(error|failed|failure)\b/i;

/**
 * The failure shape of a JSON object, if any: a non-empty `error` member, `status: "error"`, or `success: false`
 * (the boolean: `{"success": false, "message": "Safety confirmation required..."}`, @executeautomation/database-server
 * 1.1.0's refusals, a sweep of published servers 2026-12-04).
 */
function jsonShape(body: unknown): FailureShape | undefined {
  if (!isJsonObject(body)) return undefined;
  if (Object.hasOwn(body, 'error') && body.error !== null && body.error !== false && body.error !== '' && body.error !== undefined) return "a JSON body with an 'error' member";
  if (typeof body.status === 'string' && body.status.toLowerCase() === 'error') return 'a JSON body with status "error"';
  if (body.success === false) return 'a JSON body with success false';
  return undefined;
}

/**
 * How a result reports a failure in its body (read whatever its `isError`), or undefined when it reads as a
 * success: a first text block that begins with "Error" / "Failed" / "Failure", or a JSON body (structuredContent,
 * or a text block that parses as an object, up to 1,000,000 characters) with one of `jsonShape`'s members.
 */
export function failureShape(result: Record<string, unknown>): FailureShape | undefined {
  let shape = judged.get(result);
  if (shape === undefined) judged.set(result, (shape = readShape(result) ?? null));
  return shape ?? undefined;
}

/**
 * `failureShape` of each result object read so far (null: none). Probe planning and errors/classification read
 * the same results (one JSON.parse of each text block that looks like an object): once per result is enough, and a
 * result in an observation is never changed.
 */
const judged = new WeakMap<Record<string, unknown>, FailureShape | null>();

function readShape(result: Record<string, unknown>): FailureShape | undefined {
  const blocks = textBlocks(result.content);
  if (blocks.length > 0 && ERROR_LEAD.test(blocks[0].text)) return "a text that begins with 'Error'";
  const structured = jsonShape(result.structuredContent);
  if (structured) return structured;
  for (const block of blocks) {
    const text = block.text.trimStart();
    if (!text.startsWith('{') || text.length > 1_000_000) continue;
    try {
      const shape = jsonShape(JSON.parse(text));
      if (shape) return shape;
    } catch {
      /* not JSON */
    }
  }
  return undefined;
}
