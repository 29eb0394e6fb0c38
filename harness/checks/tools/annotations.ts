/**
 * tools/annotations: ToolAnnotations hints must be booleans (warning) and must not contradict each
 * other: readOnlyHint true with destructiveHint true (warning). An `annotations.title` that differs
 * from `title` is noted at info. Hints consistent with readOnlyHint true (destructiveHint false,
 * idempotentHint true or false) are redundant, not wrong, and both SDKs emit them: not reported.
 * Spec: schema/2025-11-25/schema.ts ToolAnnotations (destructiveHint/idempotentHint meaningful only when readOnlyHint is false).
 */
import { defineCheck } from '../define.ts';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export default defineCheck({
  meta: {
    id: 'tools/annotations',
    defaultSeverity: 'warning',
    description: 'Tool annotation hints are booleans and do not contradict each other.',
    rationale: 'Hosts use the hints to decide whether to ask the user before a call; a tool that claims to be read-only and destructive at once gets whichever reading the host picks.',
    spec: 'schema/2025-11-25/schema.ts ToolAnnotations',
    messages: {
      contradiction: 'Tool {{tool}}: annotations say readOnlyHint true and destructiveHint true; a read-only tool cannot be destructive.',
      notBoolean: 'Tool {{tool}}: annotations.{{hint}} must be a boolean.',
      titleMismatch: 'Tool {{tool}}: annotations.title differs from title; hosts show title first, so annotations.title is ignored.',
    },
    examples: { fail: '{"annotations":{"readOnlyHint":true,"destructiveHint":true}}', pass: '{"annotations":{"readOnlyHint":true,"destructiveHint":false,"idempotentHint":true}}' },
  },
  check({ observation }, report) {
    for (const tool of observation.listing?.tools ?? []) {
      const a = tool.annotations as Record<string, unknown> | undefined;
      if (a === null || typeof a !== 'object') continue;
      const name = tool.name;
      for (const hint of HINTS) {
        if (hint in a && typeof a[hint] !== 'boolean') report({ messageId: 'notBoolean', tool: name, pointer: `/annotations/${hint}`, data: { tool: name, hint } });
      }
      if (a.readOnlyHint === true && a.destructiveHint === true) report({ messageId: 'contradiction', tool: name, pointer: '/annotations/destructiveHint', data: { tool: name } });
      if (typeof a.title === 'string' && typeof tool.title === 'string' && a.title !== tool.title) report({ messageId: 'titleMismatch', tool: name, pointer: '/annotations/title', severity: 'info', data: { tool: name } });
    }
  },
});
