/**
 * JSON Schema validators compared for the harness (issue 12): fidelity on the JSON-Schema-Test-Suite
 * (required tests of draft-07, 2019-09 and 2020-12, bench/json-schema-test-suite/) and speed of
 * compile-once-validate-once, the harness's pattern (a tool's schema is compiled for one or two
 * validations). Candidates:
 * - ajv 8 as the harness uses it: `createSchemaService()` (harness/schema/ajv.ts: dialect by `$schema`,
 *   the linear-time regex engine, formats asserted, the `nullable` keyword removed, `$ref` policy);
 * - @cfworker/json-schema (an interpreter, `new Validator(schema, draft, false)`);
 * - @hyperjump/json-schema (an interpreter, async `registerSchema` + `validate`);
 * - @exodus/schemasafe (a code generator, `validator(schema, { mode: 'spec' })`).
 * Groups whose schema references the suite's remote server (`http://localhost:1234/`) are left out: the
 * harness never fetches a remote `$ref` (it reports `remote-ref`). A group whose schema a validator
 * refuses to compile counts every test of the group as failed. Devdependencies only; never a test.
 *
 * Standalone: node --import tsx bench/validators.ts (prints the Markdown section).
 */
import { createRequire } from 'node:module';
import { Validator as CfValidator } from '@cfworker/json-schema';
import { validator as schemasafe } from '@exodus/schemasafe';
import * as hyper07 from '@hyperjump/json-schema/draft-07';
import * as hyper2019 from '@hyperjump/json-schema/draft-2019-09';
import * as hyper2020 from '@hyperjump/json-schema/draft-2020-12';
import { createSchemaService } from '../harness/schema/ajv.ts';
import type { JsonSchema } from '../harness/model/protocol.ts';
import { inputSchema, outputSchema, sampleArguments, structuredResult } from './synthetic/tools.mjs';

const require = createRequire(import.meta.url);

/** The drafts compared, with their meta-schema URI and the suite file. */
export const DRAFTS = [
  { name: 'draft-07', file: 'draft7', uri: 'http://json-schema.org/draft-07/schema#', cf: '7', hyper: hyper07 },
  { name: '2019-09', file: 'draft2019-09', uri: 'https://json-schema.org/draft/2019-09/schema', cf: '2019-09', hyper: hyper2019 },
  { name: '2020-12', file: 'draft2020-12', uri: 'https://json-schema.org/draft/2020-12/schema', cf: '2020-12', hyper: hyper2020 },
] as const;
type Draft = (typeof DRAFTS)[number];

/** One candidate: compile a schema of a draft into a (possibly async) validity predicate. @throws on a schema it refuses. */
interface Candidate {
  name: string;
  kind: 'code generator' | 'interpreter' | 'interpreter, then ajv';
  compile(schema: JsonSchema, draft: Draft): (instance: unknown) => boolean | Promise<boolean>;
}

let hyperIds = 0;
/** One harness schema service per draft and mode, shared by every compile as in a run (its engines are built once). */
const services: Record<string, ReturnType<typeof createSchemaService>> = {};
/** The harness's schema service as a candidate: ajv only, or with the interpreting fast path (the default since issue 12). */
function harnessCandidate(name: string, kind: Candidate['kind'], interpret: boolean): Candidate {
  return {
    name,
    kind,
    compile(schema, draft) {
      const withDialect = typeof schema === 'object' && schema !== null && !('$schema' in schema) ? { $schema: draft.uri, ...schema } : schema;
      const compiled = (services[`${draft.name} ${interpret}`] ??= createSchemaService({ interpret })).compile(withDialect);
      if (!compiled.ok) throw new Error(compiled.reason);
      return (instance) => compiled.validate(instance).length === 0;
    },
  };
}
/** Every candidate, ajv (the harness's path before issue 12) first. */
export const CANDIDATES: Candidate[] = [
  harnessCandidate('ajv 8 (harness, ajv only: interpret false)', 'code generator', false),
  harnessCandidate('harness default: @cfworker/json-schema says valid, ajv otherwise', 'interpreter, then ajv', true),
  {
    name: '@cfworker/json-schema',
    kind: 'interpreter',
    compile(schema, draft) {
      const v = new CfValidator(schema as object, draft.cf, false);
      return (instance) => v.validate(instance).valid;
    },
  },
  {
    name: '@hyperjump/json-schema',
    kind: 'interpreter',
    compile(schema, draft) {
      const uri = `https://bench.invalid/schema-${++hyperIds}`;
      draft.hyper.registerSchema(schema as Parameters<typeof draft.hyper.registerSchema>[0], uri, draft.uri.replace(/#$/, ''));
      // each schema keeps its own URI (never unregistered: a group validates several instances)
      return async (instance) => (await draft.hyper.validate(uri, instance as never)).valid;
    },
  },
  {
    name: '@exodus/schemasafe',
    kind: 'code generator',
    compile(schema, draft) {
      const v = schemasafe(schema as never, { mode: 'spec', $schemaDefault: draft.uri, includeErrors: true, allErrors: true });
      return (instance) => v(instance as never);
    },
  },
];

interface SuiteGroup {
  description: string;
  schema: JsonSchema;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** The suite's required groups of a draft (remote-ref groups left out), with the file each came from. */
export function suiteGroups(draft: Draft): { file: string; group: SuiteGroup }[] {
  const files = require(`./json-schema-test-suite/${draft.file}.json`) as Record<string, SuiteGroup[]>;
  return Object.entries(files).flatMap(([file, groups]) =>
    groups.filter((g) => !JSON.stringify(g.schema).includes('localhost:1234')).map((group) => ({ file, group })),
  );
}

/** Fidelity and time of one candidate on one draft. */
export interface FidelityCell {
  passed: number;
  total: number;
  /** Groups whose schema the candidate refused to compile. */
  refused: number;
  /** Wall ms for the whole draft: each group compiled once, each test validated once. */
  ms: number;
}

async function fidelity(candidate: Candidate, draft: Draft): Promise<FidelityCell> {
  let passed = 0;
  let total = 0;
  let refused = 0;
  const started = performance.now();
  for (const { group } of suiteGroups(draft)) {
    total += group.tests.length;
    let check: ((instance: unknown) => boolean | Promise<boolean>) | undefined;
    try {
      check = candidate.compile(structuredClone(group.schema), draft);
    } catch {
      refused++;
      continue;
    }
    for (const test of group.tests) {
      try {
        if ((await check(test.data)) === test.valid) passed++;
      } catch {
        // a throw while validating is a failed test
      }
    }
  }
  return { passed, total, refused, ms: performance.now() - started };
}

/** Compile-once-validate-once on the synthetic tool schemas (2020-12): schemas per second, and wrong verdicts. */
export interface SpeedCell {
  schemas: number;
  ms: number;
  perSec: number;
  /** Sample instances (all valid) judged invalid, or schemas refused. */
  wrong: number;
}

async function speed(candidate: Candidate, tools: number): Promise<SpeedCell> {
  const draft = DRAFTS[2];
  let wrong = 0;
  const started = performance.now();
  for (let i = 0; i < tools; i++) {
    for (const [schema, instance] of [[inputSchema(i), sampleArguments(i)], [outputSchema(i), structuredResult(i)]] as const) {
      try {
        if (!(await candidate.compile(schema, draft)(instance))) wrong++;
      } catch {
        wrong++;
      }
    }
  }
  const ms = performance.now() - started;
  return { schemas: tools * 2, ms, perSec: (tools * 2 * 1000) / ms, wrong };
}

/** Every candidate's figures. */
export interface ValidatorFigures {
  rows: { name: string; kind: string; drafts: FidelityCell[]; speed: SpeedCell }[];
  tools: number;
}

/** Measure every candidate (fidelity per draft, then speed on `tools` synthetic tools). */
export async function compareValidators(tools = 500, log: (line: string) => void = () => {}): Promise<ValidatorFigures> {
  const rows: ValidatorFigures['rows'] = [];
  for (const candidate of CANDIDATES) {
    const drafts: FidelityCell[] = [];
    for (const draft of DRAFTS) drafts.push(await fidelity(candidate, draft));
    const s = await speed(candidate, tools);
    log(`  ${candidate.name}: ${drafts.map((d, i) => `${DRAFTS[i].name} ${d.passed}/${d.total}`).join(', ')}; ${Math.round(s.perSec)} schemas/s compile-once-validate-once`);
    rows.push({ name: candidate.name, kind: candidate.kind, drafts, speed: s });
  }
  return { rows, tools };
}

/** The Markdown section (bench/RESULTS.md). */
export function renderValidators(f: ValidatorFigures): string[] {
  const pct = (c: FidelityCell) => `${c.passed}/${c.total} (${((100 * c.passed) / c.total).toFixed(1)}%)${c.refused ? `, ${c.refused} refused` : ''}`;
  return [
    '## JSON Schema validators compared (`bench/validators.ts`)',
    '',
    'Fidelity: the required tests of the JSON-Schema-Test-Suite (bench/json-schema-test-suite/, remote-`$ref` groups left out);',
    'suite time: every group compiled once and each of its tests validated once. Speed: the synthetic tool schemas (2020-12,',
    `nested, \`$defs\`, enums, bounds, a pattern), ${f.tools * 2} distinct schemas, each compiled once and validated once (a valid instance).`,
    '',
    `| validator | kind | ${DRAFTS.map((d) => `${d.name} passed`).join(' | ')} | suite time (ms) | compile-once-validate-once (schemas/s) | wrong verdicts |`,
    `|---|---|${DRAFTS.map(() => '---:').join('|')}|---:|---:|---:|`,
    ...f.rows.map(
      (r) =>
        `| ${r.name} | ${r.kind} | ${r.drafts.map(pct).join(' | ')} | ${Math.round(r.drafts.reduce((a, d) => a + d.ms, 0)).toLocaleString('en-US')} | ${Math.round(r.speed.perSec).toLocaleString('en-US')} | ${r.speed.wrong} |`,
    ),
  ];
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\u0000')) {
  const figures = await compareValidators(250, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(`${renderValidators(figures).join('\n')}\n`);
}
