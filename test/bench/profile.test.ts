/**
 * The benchmark's profile breakdown (bench/profile.ts): each sample lands in one bucket by its stack
 * (idle, garbage collection, module loading, the outermost harness phase, judging per check, session,
 * other), the buckets are ordered by ms with their top self-time functions, and the Markdown names the
 * three largest costs. Pure: a hand-built V8 profile, no timing measured or asserted.
 */
import { describe, expect, it } from 'vitest';
import { encode } from '@jridgewell/sourcemap-codec';
import { bucketProfile, renderProfiles, unbundleProfile, type BundleSourceMap, type CpuProfile } from '../../bench/profile.ts';

const D = 'file:///repo/dist';
type Frame = [fn: string, url: string];
/** A profile whose samples are the given stacks (root first), each `ms` long. */
function profileOf(samples: Array<{ stack: Frame[]; ms: number }>): CpuProfile {
  const nodes: CpuProfile['nodes'] = [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 }, children: [] }];
  const ids: number[] = [];
  for (const { stack } of samples) {
    let parent = nodes[0];
    for (const [fn, url] of stack) {
      let child = (parent.children ?? []).map((id) => nodes.find((n) => n.id === id)!).find((n) => n.callFrame.functionName === fn && n.callFrame.url === url);
      if (!child) {
        child = { id: nodes.length + 1, callFrame: { functionName: fn, url, lineNumber: 0 }, children: [] };
        nodes.push(child);
        parent.children!.push(child.id);
      }
      parent = child;
    }
    ids.push(parent.id);
  }
  return { nodes, samples: ids, timeDeltas: samples.map((s) => s.ms * 1000) };
}

describe('bucketProfile', () => {
  const profile = profileOf([
    { stack: [['(idle)', '']], ms: 50 },
    { stack: [['(garbage collector)', '']], ms: 5 },
    { stack: [['import', 'node:internal/modules/esm/loader'], ['compileSourceTextModule', 'node:internal/modules/esm/utils']], ms: 30 },
    { stack: [['run', `${D}/run/index.js`], ['planCalls', `${D}/run/surface.js`], ['metaValidate', `${D}/schema/ajv.js`], ['compile', 'file:///repo/node_modules/ajv/dist/core.js']], ms: 20 },
    { stack: [['run', `${D}/run/index.js`], ['judge', `${D}/run/judge.js`], ['runCheck', `${D}/checks/define.js`], ['check', `${D}/checks/protocol/wire-schema.js`], ['hasResult', `${D}/checks/util/calls.js`]], ms: 12 },
    { stack: [['run', `${D}/run/index.js`], ['judge', `${D}/run/judge.js`], ['planProbes', `${D}/run/judge.js`]], ms: 3 },
    { stack: [['emit', `${D}/session/stdio/server-process.js`]], ms: 8 },
    { stack: [['(program)', '']], ms: 2 },
  ]);
  const figures = bucketProfile(profile, 'w');

  it('puts every sample in one bucket and leaves idle out of the busy share', () => {
    expect(figures.totalMs).toBe(130);
    expect(figures.idleMs).toBe(50);
    expect(Object.fromEntries(figures.buckets.map((b) => [b.name, b.ms]))).toEqual({
      'module loading': 30, 'call planning': 20, 'judging: protocol/wire-schema': 12, session: 8, 'garbage collection': 5, 'judging: other': 3, other: 2,
    });
    expect(figures.buckets.reduce((sum, b) => sum + b.share, 0)).toBeCloseTo(1);
    expect(figures.buckets.map((b) => b.ms)).toEqual([...figures.buckets.map((b) => b.ms)].sort((a, b) => b - a));
  });

  it('names the innermost harness function of a bucket, a dependency only when no harness frame is on the stack', () => {
    expect(figures.buckets.find((b) => b.name === 'call planning')?.top[0].fn).toBe('metaValidate (schema/ajv)');
    expect(figures.buckets.find((b) => b.name === 'judging: protocol/wire-schema')?.top[0].fn).toBe('hasResult (checks/util/calls)');
    expect(figures.buckets.find((b) => b.name === 'module loading')?.top[0].fn).toBe('compileSourceTextModule (node:internal/modules/esm/utils)');
  });

  it('renders the three largest costs and a row per bucket of 2 % or more', () => {
    const text = renderProfiles([figures, { workload: 'x', totalMs: Number.NaN, idleMs: Number.NaN, buckets: [], error: 'exited 2' }]).join('\n');
    expect(text).toContain('The three largest costs: 1. module loading (30 ms, 38 %); 2. call planning (20 ms, 25 %); 3. judging: protocol/wire-schema (12 ms, 15 %).');
    expect(text).toContain('| session | 8 | 10 % |');
    expect(text).toContain('| other | 2 | 3 % |');
    expect(text).toContain('**x**: not profiled: exited 2');
  });
});

describe('unbundleProfile', () => {
  const bundle = `${D}/bin.js`;
  // A minified bundle on two lines: line 0 holds zod's core (columns 0-39) then the judge (40-79) and a
  // check (from 80); line 1 starts with code no segment maps. Segments: [generated column, source, line, column].
  const map: BundleSourceMap = {
    sources: ['../node_modules/zod/v4/core/core.js', '../harness/run/judge.ts', '../harness/checks/protocol/wire-schema.ts'],
    mappings: encode([[[0, 0, 0, 0], [40, 1, 0, 0], [80, 2, 0, 0]], [[0], [30, 1, 5, 0]]]),
  };
  const at = (id: number, fn: string, url: string, lineNumber: number, columnNumber: number): CpuProfile['nodes'][number] => ({ id, callFrame: { functionName: fn, url, lineNumber, columnNumber } });
  const profile: CpuProfile = {
    nodes: [at(1, '(root)', '', -1, -1), at(2, 'core', bundle, 0, 12), at(3, 'judge', bundle, 0, 40), at(4, 'check', bundle, 0, 95), at(5, 'main', bundle, 1, 4), at(6, 'late', bundle, 1, 31), at(7, 'other', `${D}/index.js`, 0, 50)],
    samples: [],
    timeDeltas: [],
  };
  const urls = unbundleProfile(profile, bundle, map).nodes.map((n) => n.callFrame.url);

  it('maps a bundled frame to the source of the last segment at or before its column (harness modules as their tsc output)', () => {
    expect(urls.slice(1, 4)).toEqual(['file:///repo/node_modules/zod/v4/core/core.js', `${D}/run/judge.js`, `${D}/checks/protocol/wire-schema.js`]);
    expect(urls[5]).toBe(`${D}/run/judge.js`);
  });

  it('keeps unmapped positions and frames of other files as they were', () => {
    expect([urls[0], urls[4], urls[6]]).toEqual(['', bundle, `${D}/index.js`]);
  });

  it('lets the buckets see the unbundled modules', () => {
    const [root, , judge, check] = profile.nodes;
    const linked: CpuProfile = { nodes: [{ ...root, children: [judge.id] }, { ...judge, children: [check.id] }, check], samples: [check.id], timeDeltas: [1000] };
    expect(bucketProfile(unbundleProfile(linked, bundle, map), 'w').buckets.map((b) => b.name)).toEqual(['judging: protocol/wire-schema']);
  });

  it("finds a phase under esbuild's rename of its function (judge2 in run/judge), not under another name", () => {
    const renamed = profileOf([
      { stack: [['run', `${D}/run/index.js`], ['judge2', `${D}/run/judge.js`], ['check', `${D}/checks/protocol/wire-schema.js`]], ms: 4 },
      { stack: [['run', `${D}/run/index.js`], ['planCalls3', `${D}/run/surface.js`]], ms: 2 },
      { stack: [['run', `${D}/run/index.js`], ['judgeX', `${D}/run/judge.js`]], ms: 1 },
    ]);
    expect(Object.fromEntries(bucketProfile(renamed, 'w').buckets.map((b) => [b.name, b.ms]))).toEqual({ 'judging: protocol/wire-schema': 4, 'call planning': 2, other: 1 });
  });
});
