/**
 * tools/name: tool names are 1-128 characters of `[A-Za-z0-9_.-]` (2025-11-25+; info on earlier
 * revisions), unique within the server (duplicates: a warning on every revision: spec:2025-11-25/server/tools.mdx
 * §Tool Names and 2026-07-28 say "Tool names SHOULD be unique within a server"; earlier revisions only describe
 * `name` as "Unique identifier for the tool", with no MUST), within the host's length budget, and
 * portable (a '.' is allowed by the spec but rejected by hosts that enforce `^[a-zA-Z0-9_-]{1,64}$`).
 * Options: `maxLength` (the budget, default the surface's `limits.maxToolNameLength`, 64); `prefix`, the
 * text a host puts before every tool name (`{server}` is replaced by `server`, default the surface
 * name), e.g. `'mcp__{server}__'` for Claude Code's `mcp__server__tool`: the budget then holds for the
 * prefixed name.
 * Spec: spec:2025-11-25/server/tools.mdx §Tool Names (SEP-986).
 */
import { z } from 'zod';
import { defineCheck } from '../define.ts';
import { atLeastRevision } from '../../wire/revision.ts';

const SPEC_CHARSET = /^[A-Za-z0-9_.-]*$/;

/** The options of tools/name (`checks: { 'tools/name': ['warning', { ... }] }`). */
export const toolNameOptions = z.strictObject({
  maxLength: z.number().int().positive().optional().describe("The host's tool-name budget in characters (default the surface's `limits.maxToolNameLength`, 64)."),
  prefix: z.string().describe("Text a host puts before every tool name; `{server}` is replaced by `server` (e.g. `'mcp__{server}__'`); the budget then holds for the prefixed name."),
  server: z.string().min(1).optional().describe('The server name `{server}` stands for in `prefix` (default the surface name).'),
});

export default defineCheck({
  meta: {
    id: 'tools/name',
    defaultSeverity: 'warning',
    description: "Tool names are 1-128 characters of [A-Za-z0-9_.-], unique, within the host's length budget and portable.",
    rationale: 'Hosts and model APIs validate tool names and often drop the whole tool set of a server when one name fails; duplicate names make calls ambiguous.',
    spec: 'spec:2025-11-25/server/tools.mdx §Tool Names',
    messages: {
      length: 'Tool name of {{length}} characters: names SHOULD be 1 to 128 characters long.',
      charset: "Tool {{tool}}: the name has characters outside [A-Za-z0-9_.-] (spaces, commas, '/' and others are not allowed).",
      duplicate: 'Tool {{tool}} is advertised {{count}} times; tool names should be unique within a server (tools/call names a tool by its name alone, so a client cannot reach each of them).',
      budget: 'Tool {{tool}}: the name has {{length}} characters, over the budget of {{max}} for hosts that prefix tool names.',
      prefixBudget: "Tool {{tool}}: with the host's prefix '{{prefix}}' the name has {{length}} characters, over the budget of {{max}}; hosts reject or truncate it.",
      portability: "Tool {{tool}}: the name contains '.', which the spec allows but several hosts and model APIs (pattern ^[a-zA-Z0-9_-]{1,64}$) reject, dropping every tool of the server. Prefer '_' or '-'.",
    },
    examples: { fail: '{"name":"photos.albums.assets.add"}', pass: '{"name":"photos_albums_assets_add"}' },
    optionsSchema: toolNameOptions,
    defaultOptions: { prefix: '' },
  },
  check({ observation, options }, report) {
    const tools = observation.listing?.tools ?? [];
    const gate = atLeastRevision(observation.negotiation?.protocolVersion, '2025-11-25') ? {} : { severity: 'info' as const };
    const max = options.maxLength ?? observation.options.maxToolNameLength;
    const prefix = options.prefix.replaceAll('{server}', options.server ?? observation.surface);
    const counts = new Map<string, number>();
    for (const { name } of tools) counts.set(name, (counts.get(name) ?? 0) + 1);
    for (const [name, count] of counts) {
      if (typeof name !== 'string') continue;
      const tool = name;
      if (count > 1) report({ messageId: 'duplicate', tool, pointer: '/name', data: { tool, count } }); // a SHOULD: the default warning
      if (name.length < 1 || name.length > 128) report({ messageId: 'length', tool, pointer: '/name', data: { length: name.length }, ...gate });
      else if (prefix !== '' && prefix.length + name.length > max) report({ messageId: 'prefixBudget', tool, pointer: '/name', data: { tool, prefix, length: prefix.length + name.length, max } });
      else if (name.length > max) report({ messageId: 'budget', tool, pointer: '/name', data: { tool, length: name.length, max } });
      if (!SPEC_CHARSET.test(name)) report({ messageId: 'charset', tool, pointer: '/name', data: { tool }, ...gate });
      else if (name.includes('.')) report({ messageId: 'portability', tool, pointer: '/name', data: { tool } });
    }
  },
});
