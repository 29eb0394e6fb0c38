/**
 * sdk/generation: a surface's package manifest does not mix the legacy `@modelcontextprotocol/sdk`
 * 1.x with the split 2.x packages (`@modelcontextprotocol/server`, `client`, `core`); a surface on
 * the legacy SDK only is noted at info (it cannot serve 2026-07-28). No manifest: silent.
 * Spec: tsdoc:docs/migration (v2 splits the SDK); spec:2026-07-28/changelog.mdx.
 */
import { defineCheck } from '../define.ts';
import { escapeToken } from '../../schema/pointer.ts';

const LEGACY = '@modelcontextprotocol/sdk';
const SPLIT = ['@modelcontextprotocol/server', '@modelcontextprotocol/client', '@modelcontextprotocol/core'];
const SECTIONS = ['dependencies', 'devDependencies'] as const;

/** Where each MCP SDK package is declared in a manifest: package name -> JSON pointer. */
export function sdkDeclarations(manifest: Record<string, unknown>): Map<string, string> {
  const found = new Map<string, string>();
  for (const section of SECTIONS) {
    const deps = manifest[section];
    if (deps === null || typeof deps !== 'object' || Array.isArray(deps)) continue;
    for (const name of [LEGACY, ...SPLIT]) {
      if (name in deps && !found.has(name)) found.set(name, `/${section}/${escapeToken(name)}`);
    }
  }
  return found;
}

export default defineCheck({
  meta: {
    id: 'sdk/generation',
    defaultSeverity: 'warning',
    description: 'A surface does not mix @modelcontextprotocol/sdk 1.x with the split 2.x packages.',
    rationale: 'The 1.x SDK and the 2.x packages define their own protocol classes and schemas; mixing them ships two protocol stacks whose types and era handling disagree. The 1.x SDK alone speaks only the legacy era.',
    spec: 'tsdoc:docs/migration; spec:2026-07-28/changelog.mdx',
    needsSession: false,
    messages: {
      mixed: 'The manifest {{path}} declares both {{legacy}} (1.x) and {{split}} (2.x); use one SDK generation.',
      legacyOnly: 'The manifest {{path}} declares only {{legacy}} (1.x), which serves the legacy era only; the 2.x packages serve 2026-07-28.',
    },
    examples: {
      fail: '{"dependencies":{"@modelcontextprotocol/sdk":"^1.32.0","@modelcontextprotocol/server":"^2.4.0"}}',
      pass: '{"dependencies":{"@modelcontextprotocol/server":"^2.4.0"}}',
    },
  },
  check({ observation }, report) {
    const manifest = observation.manifest;
    if (!manifest || manifest.json === null || typeof manifest.json !== 'object') return;
    const found = sdkDeclarations(manifest.json);
    const legacy = found.get(LEGACY);
    if (legacy === undefined) return;
    const split = SPLIT.filter((name) => found.has(name));
    if (split.length > 0) report({ messageId: 'mixed', pointer: found.get(split[0]), data: { path: manifest.path, legacy: LEGACY, split: split.join(', ') } });
    else report({ messageId: 'legacyOnly', pointer: legacy, severity: 'info', data: { path: manifest.path, legacy: LEGACY } });
  },
});
