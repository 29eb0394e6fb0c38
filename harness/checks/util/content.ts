/**
 * ContentBlock helpers (schema/2025-11-25/schema.ts `ContentBlock`; the union is the same in
 * 2025-06-18, 2025-11-25 and 2026-07-28): block validation and text-block extraction.
 */
import { isJsonObject } from './json.ts';
import { joinPointer } from './pointer.ts';

/** The content block types every covered revision defines. */
export const CONTENT_BLOCK_TYPES = ['text', 'image', 'audio', 'resource_link', 'resource'] as const;

/** One problem with one content block. Value-free: names fields and expectations only. */
export interface BlockIssue {
  /** JSON pointer to the offending member (prefixed with the block's pointer). */
  pointer: string;
  /** `notObject`: the block is not an object; `unknownType`: `type` is none of CONTENT_BLOCK_TYPES; `field`: a member is missing or mistyped. */
  kind: 'notObject' | 'unknownType' | 'field';
  /** The block's `type` when it is a known one. */
  type?: string;
  /** What the member must be, e.g. "a string 'text'" (kind `field`). */
  expectation?: string;
}

/** Strict base64 (RFC 4648 §4, padded), as `format: byte` in the schema. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

type FieldRule = { name: string; expectation: string; test: (value: unknown) => boolean };

const isString = (value: unknown): boolean => typeof value === 'string';
const isBase64 = (value: unknown): boolean => typeof value === 'string' && BASE64.test(value);

const binaryRules: FieldRule[] = [
  { name: 'data', expectation: "a base64 string 'data'", test: isBase64 },
  { name: 'mimeType', expectation: "a string 'mimeType'", test: isString },
];

const RULES: Record<string, FieldRule[]> = {
  text: [{ name: 'text', expectation: "a string 'text'", test: isString }],
  image: binaryRules,
  audio: binaryRules,
  resource_link: [
    { name: 'uri', expectation: "a string 'uri'", test: isString },
    { name: 'name', expectation: "a string 'name'", test: isString },
  ],
  resource: [{ name: 'resource', expectation: "an object 'resource'", test: isJsonObject }],
};

/**
 * Validate one ContentBlock. `pointer` is where the block sits, e.g. `/result/content/0`.
 * @returns the issues, empty when the block is valid. Never throws.
 */
export function validateContentBlock(block: unknown, pointer: string): BlockIssue[] {
  if (!isJsonObject(block)) return [{ pointer, kind: 'notObject' }];
  const type = block.type;
  if (typeof type !== 'string' || !(type in RULES)) return [{ pointer: joinPointer(pointer, 'type'), kind: 'unknownType' }];
  const issues = RULES[type]
    .filter((rule) => !rule.test(block[rule.name]))
    .map((rule): BlockIssue => ({ pointer: joinPointer(pointer, rule.name), kind: 'field', type, expectation: rule.expectation }));
  if (type === 'resource' && isJsonObject(block.resource)) issues.push(...embeddedResourceIssues(block.resource, joinPointer(pointer, 'resource')));
  return issues;
}

/** `TextResourceContents{uri, text}` or `BlobResourceContents{uri, blob (base64)}`. */
function embeddedResourceIssues(resource: Record<string, unknown>, pointer: string): BlockIssue[] {
  const issues: BlockIssue[] = [];
  const field = (name: string, expectation: string): BlockIssue => ({ pointer: joinPointer(pointer, name), kind: 'field', type: 'resource', expectation });
  if (typeof resource.uri !== 'string') issues.push(field('uri', "a string 'resource.uri'"));
  if ('blob' in resource && resource.blob !== undefined) {
    if (!isBase64(resource.blob)) issues.push(field('blob', "a base64 string 'resource.blob'"));
  } else if (typeof resource.text !== 'string') {
    issues.push(field('text', "a string 'resource.text' or a base64 string 'resource.blob'"));
  }
  return issues;
}

/** The `text` blocks of a `content` value: one definition, in harness/probes/result-text.ts. */
export { textBlocks, type TextBlock } from '../../probes/result-text.ts';
