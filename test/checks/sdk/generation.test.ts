import { readFileSync } from 'node:fs';
import check from '../../../harness/checks/sdk/generation.ts';
import { checkTester, makeObservation } from '../../helpers/check-tester.ts';

const manifest = (json: Record<string, unknown>) => makeObservation({ manifest: { path: 'package.json', json } });
const mixed = JSON.parse(readFileSync(new URL('../../fixtures/servers/faults/sdk-mixed/package.json', import.meta.url), 'utf8'));

checkTester(check, {
  valid: [
    { name: 'split 2.x packages only', observation: manifest({ dependencies: { '@modelcontextprotocol/server': '^2.4.0' } }) },
    { name: 'no manifest', observation: makeObservation() },
  ],
  invalid: [
    { name: 'fixture sdk-mixed mixes 1.x and 2.x', observation: manifest(mixed), findings: [{ messageId: 'mixed', pointer: '/dependencies/@modelcontextprotocol~1server', severity: 'warning' }] },
    { name: 'mixed across dependencies and devDependencies', observation: manifest({ dependencies: { '@modelcontextprotocol/sdk': '^1' }, devDependencies: { '@modelcontextprotocol/client': '^2' } }), findings: [{ messageId: 'mixed' }] },
    { name: 'legacy only is info', observation: manifest({ dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } }), findings: [{ messageId: 'legacyOnly', severity: 'info' }] },
  ],
});
