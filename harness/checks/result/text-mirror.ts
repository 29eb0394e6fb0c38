/**
 * result/text-mirror: a result carrying structuredContent also carries it serialized in a text block
 * (spec:2025-11-25/server/tools.mdx §Structured Content: "SHOULD also return the serialized JSON in a
 * TextContent block"). Compared as parsed JSON: object keys order-insensitive, arrays in order.
 * A text that carries structuredContent's only member serialized, not the object itself, is named so (`wrappedMirror`)
 * rather than listed key by key: frameworks wrap a return that is no object as `{"result": <value>}` in
 * structuredContent and write the value itself as text (a sweep of published servers: @mcp-z/mcp-pdf 3.2.2 and
 * @starwind-ui/mcp 0.5.1, 7 divergentKeys warnings that named `result` missing and every inner key extra; server-memory
 * writes `{"entities": [...]}` and the array). It stays a warning, the check's severity: the text is not the serialized
 * structuredContent the spec asks for, and a client that parses the text as the tool's structured result (what the text
 * block is there for, backwards compatibility) gets the member, which the outputSchema does not describe. A text of one
 * member among several, or one that lacks part of the member, is `divergentKeys` as before.
 */
import { defineCheck } from '../define.ts';
import { resultObject, toolCalls, type ToolCallView } from '../util/calls.ts';
import { textBlocks, type TextBlock } from '../util/content.ts';
import { diffKeys, isJsonObject, jsonEqual, parseJson } from '../util/json.ts';
import { dedupeReport, type Report } from '../util/report.ts';

/** Key names listed per category in a message before "+N more". */
const MAX_KEYS = 10;

export default defineCheck({
  meta: {
    id: 'result/text-mirror',
    defaultSeverity: 'warning',
    description: 'A result with structuredContent carries the same JSON, serialized, in a text block.',
    rationale:
      'Clients that read only text and clients that read only structuredContent must see the same result; a JSON text block that lacks fields gives the two kinds of client different answers.',
    spec: 'spec:2025-11-25/server/tools.mdx §Structured Content',
    messages: {
      noTextBlock: "The result of '{{tool}}' ({{call}}) has structuredContent but no text block at {{pointer}} carrying it serialized.",
      proseOnly: "The result of '{{tool}}' ({{call}}) has structuredContent and only prose text blocks at {{pointer}}; none carries the serialized JSON.",
      divergentKeys:
        "The text block at {{pointer}} of '{{tool}}' ({{call}}) parses as JSON but differs from structuredContent (missing keys: {{missing}}; extra keys: {{extra}}; differing keys: {{changed}}).",
      divergent: "The text block at {{pointer}} of '{{tool}}' ({{call}}) parses as JSON but is not equal to structuredContent.",
      wrappedMirror:
        "The text block at {{pointer}} of '{{tool}}' ({{call}}) carries structuredContent's only member '{{key}}' serialized, not structuredContent itself: the same data one level down, but a client that parses the text as the tool's structured result gets the member, which the outputSchema does not describe. Serialize the whole structuredContent object into the text block.",
    },
    examples: {
      fail: '{"content":[{"type":"text","text":"{\\"results\\":[]}"}],"structuredContent":{"results":[],"summary":"none"}}',
      pass: '{"content":[{"type":"text","text":"{\\"summary\\":\\"none\\",\\"results\\":[]}"}],"structuredContent":{"results":[],"summary":"none"}}',
    },
  },
  check(ctx, report) {
    const deduped = dedupeReport(report);
    for (const view of toolCalls(ctx.observation)) checkCall(view, deduped);
  },
});

/** Judge one result that carries structuredContent. */
function checkCall(view: ToolCallView, report: Report): void {
  const result = resultObject(view.record);
  if (result === undefined || !('structuredContent' in result) || result.structuredContent === undefined) return;
  const structured = result.structuredContent;
  const say = (messageId: string, pointer: string, data: Record<string, string> = {}, severity?: 'info'): void =>
    report({ messageId, pointer, tool: view.tool, data: { tool: view.tool, call: view.label, pointer, ...data }, ...(severity ? { severity } : {}) });
  const blocks = textBlocks(result.content);
  if (blocks.length === 0) return say('noTextBlock', '/content');
  // the common case, without parsing: a block that is structuredContent serialized as JSON.stringify writes it
  // (structured was parsed from the wire, so it is plain JSON: an equal serialisation is an equal value)
  const serialized = JSON.stringify(structured);
  if (blocks.some((block) => block.text === serialized)) return;
  const json = jsonBlocks(blocks, structured);
  if (json.some((block) => jsonEqual(block.value, structured))) return;
  if (json.length === 0) return say('proseOnly', '/content', {}, 'info');
  const wrapped = soleMember(structured);
  const mirror = wrapped === undefined ? undefined : json.find((block) => jsonEqual(block.value, wrapped.value));
  if (wrapped !== undefined && mirror !== undefined) return say('wrappedMirror', `/content/${mirror.index}/text`, { key: wrapped.key });
  const first = json[0];
  const pointer = `/content/${first.index}/text`;
  if (!isJsonObject(first.value) || !isJsonObject(structured)) return say('divergent', pointer);
  const diff = diffKeys(structured, first.value);
  say('divergentKeys', pointer, { missing: keyList(diff.missing), extra: keyList(diff.extra), changed: keyList(diff.changed) });
}

/**
 * Text blocks that parse as JSON of a comparable kind: a container (object/array) when structuredContent
 * is one; any JSON otherwise. A text like "42 results" never counts; a bare "42" counts only against a
 * scalar structuredContent.
 */
function jsonBlocks(blocks: TextBlock[], structured: unknown): Array<{ index: number; value: unknown }> {
  const container = (value: unknown): boolean => typeof value === 'object' && value !== null;
  const found: Array<{ index: number; value: unknown }> = [];
  for (const block of blocks) {
    const parsed = parseJson(block.text);
    if (parsed.ok && (container(parsed.value) || !container(structured))) found.push({ index: block.index, value: parsed.value });
  }
  return found;
}

/** The only member of an object structuredContent whose value is a container (object or array), else undefined. */
function soleMember(structured: unknown): { key: string; value: unknown } | undefined {
  if (!isJsonObject(structured)) return undefined;
  const keys = Object.keys(structured);
  if (keys.length !== 1) return undefined;
  const value = structured[keys[0] as string];
  return typeof value === 'object' && value !== null ? { key: keys[0] as string, value } : undefined;
}

/** `a, b, c` (or `none`), capped at MAX_KEYS names. */
function keyList(keys: string[]): string {
  if (keys.length === 0) return 'none';
  const shown = keys.slice(0, MAX_KEYS).join(', ');
  return keys.length > MAX_KEYS ? `${shown} (+${keys.length - MAX_KEYS} more)` : shown;
}
