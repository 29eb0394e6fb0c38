/**
 * Recognise a server's own output-schema validation failure dressed up as a tool error.
 * The v2 SDK server turns its outputSchema violation into `isError: true` with text such as
 * "Output validation error: ..." (OBS in spec/mcp-tools-digest.md §4a); other SDKs word it as
 * "Structured content does not match the tool's output schema" or "has an output schema but did not
 * return structured content".
 */
import { textBlocks } from './content.ts';

const PATTERNS: RegExp[] = [
  /output validation error/i,
  /structured ?content does not match the tool'?s output ?schema/i,
  /has an output ?schema but did not return structured ?content/i,
  /output ?schema validation (failed|error)/i,
];

/**
 * The first text block of `content` that reports an output-validation failure, or undefined.
 * The returned text is evidence only (shown with --show-values), never a message.
 */
export function outputValidationText(content: unknown): string | undefined {
  return textBlocks(content).find((block) => PATTERNS.some((pattern) => pattern.test(block.text)))?.text;
}
