/**
 * result/size: a tools/call response stays within the surface's budgets: `maxResultBytes` (UTF-8
 * bytes of the response line) and `maxResultTokens` (estimated as ceil(bytes / 4) over the bytes that are not base64 binary payloads). One finding per
 * tool and budget, for its largest response. Check options `maxResultBytes`/`maxResultTokens` override.
 * The token estimate leaves out the base64 payloads of binary content (an image or audio block's `data`, an embedded
 * resource's `blob`): model APIs take those as media priced by their dimensions or length, not as text tokens, so a
 * 140 kB chart image is not ~35k tokens of context (schema.ts ImageContent/AudioContent `data`, BlobResourceContents
 * `blob`: base64-encoded). The byte budget still counts them: the response line is that long on the wire.
 * A response nested deeper than the harness's depth guard (`tooDeep`) is reported once per tool.
 * Spec: harness rule (hosts truncate or reject large tool results; docs/config.md §Surface keys, `limits.maxResultBytes`).
 */
import { z } from 'zod';
import { defineCheck } from '../define.ts';
import { toolCalls } from '../util/calls.ts';

/** Estimated tokens of a response of `bytes` bytes (~4 bytes per token). */
export function estimateTokens(bytes: number): number {
  return Math.ceil(bytes / 4);
}

/**
 * UTF-8 bytes of the base64 payloads in a tools/call response's content blocks: `data` of image and audio blocks and
 * `blob` of embedded resources (schema.ts ImageContent, AudioContent, EmbeddedResource/BlobResourceContents). Base64
 * is ASCII and needs no JSON escape, so each payload is as long on the response line as its string. 0 when the
 * response holds no such block or is no CallToolResult.
 */
export function binaryPayloadBytes(response: unknown): number {
  const result = (response as { result?: { content?: unknown } } | undefined)?.result;
  const content = result?.content;
  if (!Array.isArray(content)) return 0;
  let bytes = 0;
  for (const block of content) {
    if (block === null || typeof block !== 'object') continue;
    const b = block as { type?: unknown; data?: unknown; resource?: { blob?: unknown } };
    if ((b.type === 'image' || b.type === 'audio') && typeof b.data === 'string') bytes += b.data.length;
    else if (b.type === 'resource' && b.resource !== null && typeof b.resource === 'object' && typeof b.resource.blob === 'string') bytes += b.resource.blob.length;
  }
  return bytes;
}

/** The options of result/size: budgets that override the surface's `limits`. */
export const resultSizeOptions = z.strictObject({
  maxResultBytes: z.number().int().nonnegative().optional().describe("Budget in UTF-8 bytes of the response line (default the surface's `limits.maxResultBytes`, 100000)."),
  maxResultTokens: z.number().int().nonnegative().optional().describe("Budget in estimated tokens, ceil(bytes / 4) over the response less its base64 image, audio and blob payloads (default the surface's `limits.maxResultTokens`, 25000)."),
});

export default defineCheck({
  meta: {
    id: 'result/size',
    defaultSeverity: 'warning',
    description: 'Tool results stay within the configured size budgets (bytes and estimated tokens).',
    rationale: 'Hosts truncate, reject or silently drop oversized tool results, and every byte costs model context; a budget catches a result that grew by accident.',
    spec: 'harness rule: result size budget (docs/config.md §Surface keys, limits.maxResultBytes)',
    messages: {
      bytes: 'Tool {{tool}}: a response of {{bytes}} bytes{{media}} exceeds the budget of {{max}} bytes.',
      tokens: 'Tool {{tool}}: a response of about {{tokens}} tokens (bytes / 4, base64 image, audio and blob payloads left out) exceeds the budget of {{max}} tokens.',
      tooDeep: 'Tool {{tool}}: a response ({{label}}) is nested deeper than {{max}} levels; the harness drops it unevaluated (RFC 8259 §9 lets implementations limit nesting, and clients that recurse overflow their stack).',
    },
    examples: { fail: 'maxResultBytes 100000; tools/call answered with a 2 MB text block', pass: 'the same tool pages its output and answers with 8 kB' },
    optionsSchema: resultSizeOptions,
  },
  check({ observation, options }, report) {
    const maxBytes = options.maxResultBytes ?? observation.options.maxResultBytes;
    const maxTokens = options.maxResultTokens ?? observation.options.maxResultTokens;
    const largest = new Map<string, { bytes: number; media: number }>();
    const mostTokens = new Map<string, number>();
    for (const call of observation.calls) {
      const bytes = call.request.responseBytes;
      if (typeof bytes !== 'number') continue;
      const tool = call.scenario.tool;
      const media = Math.min(bytes, binaryPayloadBytes(call.request.response));
      const seen = largest.get(tool);
      if (!seen || bytes > seen.bytes) largest.set(tool, { bytes, media });
      const textBytes = bytes - media;
      mostTokens.set(tool, Math.max(estimateTokens(textBytes), mostTokens.get(tool) ?? 0));
    }
    const deep = new Set<string>();
    for (const view of toolCalls(observation)) {
      if (view.record.tooDeep === undefined || deep.has(view.tool)) continue;
      deep.add(view.tool);
      report({ messageId: 'tooDeep', tool: view.tool, pointer: '/result', data: { tool: view.tool, label: view.label, max: view.record.tooDeep } });
    }
    for (const [tool, { bytes, media }] of largest) {
      // how much of it is base64 media (which the token estimate leaves out): a README walkthrough read a chart's
      // 138 kB response as text
      const mediaNote = media > 0 ? ` (${media} of them base64 image, audio or blob payloads)` : '';
      if (bytes > maxBytes) report({ messageId: 'bytes', tool, pointer: '/result', data: { tool, bytes, max: maxBytes, media: mediaNote } });
      const tokens = mostTokens.get(tool) ?? 0;
      if (tokens > maxTokens) report({ messageId: 'tokens', tool, pointer: '/result', data: { tool, tokens, max: maxTokens } });
    }
  },
});
