/**
 * Recognise a failure dressed up as success: a `tools/call` result without `isError` whose text says
 * it failed (a first text block starting with "Error" / "Failed"), or whose JSON body (a text block
 * that parses as an object, or structuredContent) has an `error` member or `status: "error"`.
 * Pure; reads values, returns only which shape matched (never the value).
 */
import { textBlocks } from './content.ts';
import { isJsonObject } from './json.ts';

/** Which shape said "failure": the wording of a message's `{{how}}`. */
export type FailureShape = "a text that begins with 'Error'" | "a JSON body with an 'error' member" | 'a JSON body with status "error"';

const ERROR_LEAD = /^\s*(error|failed|failure)\b/i;

/** The failure shape of a JSON object, if any (a non-empty `error` member, or `status: "error"`). */
function jsonShape(body: unknown): FailureShape | undefined {
  if (!isJsonObject(body)) return undefined;
  if (Object.hasOwn(body, 'error') && body.error !== null && body.error !== false && body.error !== '' && body.error !== undefined) return "a JSON body with an 'error' member";
  if (typeof body.status === 'string' && body.status.toLowerCase() === 'error') return 'a JSON body with status "error"';
  return undefined;
}

/** How a (non-isError) result reports a failure, or undefined when it reads as a success. */
export function failureShape(result: Record<string, unknown>): FailureShape | undefined {
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
