/**
 * The default-run table of the benchmark (bench/default-run.ts): targets marked met or missed from the
 * figures given, a workload that could not be measured says so, and varying finding ids are flagged.
 * Rendering only: no timing is measured or asserted here.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGETS, freshStartsFor, renderDefaultRuns, roundsFor, syntheticTarget, type DefaultRow } from '../../bench/default-run.ts';
import { setsExtraCa, withoutExtraCaEnv } from '../../bench/environment.ts';
import { renderResults } from '../../bench/results.ts';
import { INSPECTOR_CLI, inspectorInvocations, notApplicable, renderOtherTools, type OtherToolFigures } from '../../bench/other-tools.ts';

const row = (over: Partial<DefaultRow>): DefaultRow => ({
  target: DEFAULT_TARGETS[0], rounds: 3, tools: 9, calls: 6, probes: 24, findings: 26, findingsHash: 'abc123def456', findingsVaried: false,
  bareMs: 200, freshStarts: 2, floorMs: 300, floorRatio: 1.5, harnessMs: 380, harnessRssMB: 80, ratio: 1.9, firstRunMs: Number.NaN, firstRunRatio: Number.NaN, noExtraCaMs: Number.NaN, noExtraCaRatio: Number.NaN, ...over,
});

describe('renderDefaultRuns', () => {
  it('marks a ratio within the target met and one above it missed', () => {
    const text = renderDefaultRuns('## t', [row({}), row({ ratio: 2.5 })]).join('\n');
    expect(text).toContain('<= 2x: met');
    expect(text).toContain('<= 2x: **missed**');
    expect(text).toContain('`abc123def456`');
    expect(text).toContain(`| ${DEFAULT_TARGETS[0]?.name} | 3 | 9 |`); // the rounds column: each workload says how many it ran
  });

  it('marks the synthetic surface RSS target and leaves targets blank where the workload has none', () => {
    const synthetic = DEFAULT_TARGETS.find((t) => t.maxRssMB !== undefined)!;
    const text = renderDefaultRuns('## t', [row({ target: synthetic, harnessRssMB: 200, ratio: 7 }), row({ target: syntheticTarget(5000) })]).join('\n');
    expect(text).toContain('<= 150 MB: **missed**');
    expect(text).toContain('<= 8x: met');
    expect(text.split('\n').at(-1)).not.toContain('met');
  });

  it('shows the floor and its start-ups, and says when a missed target lies below the floor', () => {
    const text = renderDefaultRuns('## t', [row({ ratio: 3, floorRatio: 1.5 }), row({ ratio: 3, floorMs: 450, floorRatio: 2.25 })]).join('\n');
    const [above, below] = text.split('\n').slice(-2);
    expect(above).toContain('| 0.30 (+2) |');
    expect(above).toContain('<= 2x: **missed** |');
    expect(below).toContain('<= 2x: **missed** (the floor, 2.25x, is above it)');
  });

  it('shows the first run (no era hint) beside the default run, and judges it against the same target', () => {
    const text = renderDefaultRuns('## t', [row({ firstRunMs: 520, firstRunRatio: 2.6 }), row({ firstRunMs: 390, firstRunRatio: 1.95 }), row({})]).join('\n');
    const [missed, met, none] = text.split('\n').slice(-3);
    expect(missed).toContain('| 0.52 / 2.60 |');
    expect(missed).toContain('<= 2x: met; first run: **missed** |');
    expect(met).toContain('<= 2x: met; first run: met |');
    expect(none).toContain('| n/a |');
    expect(none).not.toContain('first run:');
  });

  it('adds the NODE_EXTRA_CA_CERTS column only when a row measured it, and judges that arm against the same target', () => {
    const without = renderDefaultRuns('## t', [row({}), row({})]).join('\n');
    expect(without).not.toContain('NODE_EXTRA_CA_CERTS');
    const text = renderDefaultRuns('## t', [row({ noExtraCaMs: 360, noExtraCaRatio: 1.8 }), row({ ratio: 2.1, noExtraCaMs: 410, noExtraCaRatio: 2.05 }), row({})]).join('\n');
    const lines = text.split('\n');
    expect(lines[2]).toContain('| without NODE_EXTRA_CA_CERTS (s) / ratio |');
    // every line of the table has as many cells as the header, a workload not measured too
    const cells = (line: string) => line.split('|').length;
    for (const line of lines.slice(3)) expect(cells(line)).toBe(cells(lines[2]));
    const failed = renderDefaultRuns('## t', [row({ noExtraCaMs: 360, noExtraCaRatio: 1.8 }), row({ error: 'boom' })]).join('\n').split('\n');
    expect(failed.at(-1)).toContain('not measured: boom');
    expect(cells(failed.at(-1) as string)).toBe(cells(failed[2]));
    const [met, missed, none] = lines.slice(-3);
    expect(met).toContain('| 0.36 / 1.80 |');
    expect(met).toContain('<= 2x: met; without NODE_EXTRA_CA_CERTS: met |');
    expect(missed).toContain('<= 2x: **missed**; without NODE_EXTRA_CA_CERTS: **missed** |');
    expect(none).toContain('| n/a |');
    expect(none).not.toContain('without NODE_EXTRA_CA_CERTS');
  });

  it('explains the NODE_EXTRA_CA_CERTS column in RESULTS.md, with the start cost the start-up section measured', () => {
    const base = { date: '2026-01-01', cpus: 2, cpuModel: 'cpu', node: 'v20', surfaces: [], benchSeconds: 1 };
    const startup = { rounds: 2, rows: [
      { name: 'bare Node', command: 'node -e 0', wallMs: 72.4, rssMB: 40 },
      { name: 'bare Node, NODE_EXTRA_CA_CERTS removed', command: 'env -u NODE_EXTRA_CA_CERTS node -e 0', wallMs: 30.1, rssMB: 38 },
    ] };
    const measured = renderResults({ ...base, defaultRuns: [row({ noExtraCaMs: 360, noExtraCaRatio: 1.8 })], startup });
    expect(measured).toContain('This machine sets NODE_EXTRA_CA_CERTS.');
    expect(measured).toContain('costs a Node start 42 ms here');
    expect(measured).toContain('The first verdict in the target column is the default run\'s;');
    // without the start-up rows the sentence on the cost is left out, the rest stays
    const noStartup = renderResults({ ...base, defaultRuns: [row({ noExtraCaMs: 360, noExtraCaRatio: 1.8 })] });
    expect(noStartup).toContain('This machine sets NODE_EXTRA_CA_CERTS.');
    expect(noStartup).not.toContain('costs a Node start');
    // the arm not measured: no column and no paragraph (the start-up table keeps its own row)
    const none = renderResults({ ...base, defaultRuns: [row({})], startup });
    expect(none).not.toContain('This machine sets');
    expect(none).not.toContain('without NODE_EXTRA_CA_CERTS (s)');
  });

  it('says whether NODE_EXTRA_CA_CERTS is set (an empty value is not) and drops it from a copy of the environment', () => {
    expect(setsExtraCa({ NODE_EXTRA_CA_CERTS: '/etc/ssl/x.pem' })).toBe(true);
    expect(setsExtraCa({ NODE_EXTRA_CA_CERTS: '' })).toBe(false);
    expect(setsExtraCa({})).toBe(false);
    const env = { NODE_EXTRA_CA_CERTS: '/x.pem', PATH: '/bin' };
    expect(withoutExtraCaEnv(env)).toEqual({ PATH: '/bin' });
    expect(env.NODE_EXTRA_CA_CERTS).toBe('/x.pem');
  });

  it('counts the fresh-process start-ups a default run needs per era from the check registry', () => {
    expect(freshStartsFor('legacy')).toBe(1); // protocol/version-negotiation and client-capabilities share one opening
    expect(freshStartsFor('modern')).toBe(0);
  });

  it('says when a workload was not measured, and when finding ids varied across rounds', () => {
    const text = renderDefaultRuns('## t', [row({ error: 'mcp-harness run exited 2: boom | x' }), row({ findingsVaried: true })]).join('\n');
    expect(text).toContain('not measured: mcp-harness run exited 2: boom \\| x');
    expect(text).toContain('**varied across rounds**');
  });
});

describe('the findings-growth table (the 1,000-tool surface with a share of its tools broken)', () => {
  it('names the broken share and passes it to the synthetic server only when there is one', () => {
    expect(syntheticTarget(1000).serverArgs.slice(1)).toEqual(['--tools', '1000']);
    expect(syntheticTarget(1000, 0).name).toBe('synthetic 1,000 tools');
    const broken = syntheticTarget(1000, 10);
    expect(broken.name).toBe('synthetic 1,000 tools, 10 % broken');
    expect(broken.serverArgs.slice(1)).toEqual(['--tools', '1000', '--broken', '10']);
    expect(broken.maxRatio).toBeUndefined(); // no target: the table shows how the run grows, it judges nothing
  });

  it('renders the rows and what each finding beyond the first row cost, in ms and KB of peak RSS', () => {
    const base = { date: '2026-01-01', cpus: 2, cpuModel: 'cpu', node: 'v20', surfaces: [], benchSeconds: 1 };
    const rows = [
      row({ target: syntheticTarget(1000), findings: 1, harnessMs: 1_000, harnessRssMB: 135 }),
      row({ target: syntheticTarget(1000, 10), findings: 201, harnessMs: 1_250, harnessRssMB: 141 }),
      row({ target: syntheticTarget(1000, 100), findings: 2_001, harnessMs: 3_000, harnessRssMB: 175 }),
    ];
    const md = renderResults({ ...base, findingsGrowth: rows });
    expect(md).toContain('## Growth in findings: the 1,000-tool surface with a growing share of its tools broken (default run, medians of 3 rounds)');
    expect(md).toContain('Per finding beyond the 1 of synthetic 1,000 tools:');
    expect(md).toContain('| synthetic 1,000 tools, 10 % broken | 3 |');
    expect(md).toContain('- synthetic 1,000 tools, 10 % broken: 1.25 ms and 31 KB of peak RSS per finding (200 more).');
    expect(md).toContain('- synthetic 1,000 tools, 100 % broken: 1.00 ms and 20 KB of peak RSS per finding (2,000 more).');
    expect(md).not.toContain('- synthetic 1,000 tools:'); // the first row is the base, not a cost line
    // a row that could not be measured (as measureDefaultRuns leaves it: no findings, NaN times) says so in the
    // table, gets no cost line and is never the base
    const failedRow = (percent: number) => row({ target: syntheticTarget(1000, percent), error: 'boom', findings: 0, harnessMs: Number.NaN, harnessRssMB: Number.NaN });
    const failed = renderResults({ ...base, findingsGrowth: [rows[0]!, failedRow(10)] });
    expect(failed).toContain('not measured: boom');
    expect(failed).not.toContain('per finding (');
    const firstFailed = renderResults({ ...base, findingsGrowth: [failedRow(0), rows[1]!, rows[2]!] });
    expect(firstFailed).toContain('Per finding beyond the 201 of synthetic 1,000 tools, 10 % broken:');
    expect(firstFailed).toContain('- synthetic 1,000 tools, 100 % broken: 0.97 ms and 19 KB of peak RSS per finding (1,800 more).');
    expect(firstFailed).not.toContain('n/a ms');
    // nothing to compare (one measured row, or all with the same findings): the table alone
    const flat = renderResults({ ...base, findingsGrowth: [rows[0]!, row({ target: syntheticTarget(1000, 10), findings: 1 })] });
    expect(flat).toContain('| synthetic 1,000 tools, 10 % broken |');
    expect(flat).not.toContain('Per finding beyond');
    expect(renderResults(base)).not.toContain('Growth in findings');
  });
});

describe('roundsFor (more rounds for the sub-second workloads)', () => {
  it('scales the rounds asked by the workload\'s roundsScale: 20 / 20 / 5 / 10 by default, the growth table as asked', () => {
    expect(DEFAULT_TARGETS.map((t) => roundsFor(t, 5))).toEqual([20, 20, 5, 10]);
    expect(DEFAULT_TARGETS.map((t) => roundsFor(t, 1))).toEqual([4, 4, 1, 2]);
    expect(roundsFor(syntheticTarget(5000), 3)).toBe(3);
  });
});

describe('the other tools on the same work (the default-run table\'s last column)', () => {
  const sdk = (over: Partial<OtherToolFigures> = {}): OtherToolFigures => ({ tool: 'SDK client', version: '@modelcontextprotocol/sdk 1.32.2', rounds: 3, wallMs: 310, ratio: 1.72, tools: 9, units: 6, failed: 0, ...over });
  const inspector = (over: Partial<OtherToolFigures> = {}): OtherToolFigures => ({ tool: 'Inspector CLI', version: '@modelcontextprotocol/inspector 1.0.3', rounds: 3, wallMs: 6_200, ratio: 34.1, tools: 9, units: 10, failed: 0, ...over });

  it('renders each tool as seconds / ratio, the Inspector with its invocations per run', () => {
    expect(renderOtherTools([sdk(), inspector()], 9)).toBe('SDK client 0.31 s / 1.72x; Inspector CLI 6.2 s / 34.1x (10 invocations)');
    expect(renderOtherTools(undefined, 9)).toBe('not measured');
  });

  it('says n/a with the reason for a tool not run, in bold the failures over all rounds, and a shorter listing', () => {
    const text = renderOtherTools([sdk({ failed: 2 }), inspector({ skipped: 'n/a: 1,001 invocations', rounds: 0, wallMs: Number.NaN, ratio: Number.NaN })], 9);
    expect(text).toBe('SDK client 0.31 s / 1.72x (**2 of 18 calls failed**); Inspector CLI n/a: 1,001 invocations');
    expect(renderOtherTools([inspector({ failed: 3, tools: 0 })], 9)).toBe('Inspector CLI 6.2 s / 34.1x (10 invocations; listed 0 of 9 tools; **3 of 30 invocations failed**)');
    expect(renderOtherTools([sdk({ skipped: 'not measured: exited 1 | x' })], 9)).toBe('SDK client not measured: exited 1 \\| x');
  });

  it('runs neither tool on a modern era and the Inspector not above its invocation cap', () => {
    const calls = (n: number) => Array.from({ length: n }, () => ({ tool: 't', arguments: {} }));
    expect(notApplicable('SDK client', { era: 'modern', calls: calls(3) })).toBe('n/a: modern era');
    expect(notApplicable('Inspector CLI', { era: 'modern', calls: calls(3) })).toBe('n/a: modern era');
    expect(notApplicable('Inspector CLI', { era: 'legacy', calls: calls(1000) })).toBe('n/a: 1,001 invocations');
    expect(notApplicable('SDK client', { era: 'legacy', calls: calls(1000) })).toBeUndefined();
    expect(notApplicable('Inspector CLI', { era: 'legacy', calls: calls(9) })).toBeUndefined();
  });

  it('builds the Inspector invocations: one list, one call per planned call, values as JSON, -e only for variables the parent lacks', () => {
    const spec = { command: '/usr/bin/node', args: ['server.js', 'stdio'], env: { PATH: '/bin', KEY: 'v=1', EMPTY: '' }, calls: [{ tool: 'echo', arguments: { s: '7', n: 7, o: { a: [1] } } }, { tool: 'none', arguments: {} }] };
    const [list, echo, none] = inspectorInvocations(spec, { PATH: '/bin' });
    expect(list).toEqual([INSPECTOR_CLI, '--cli', '-e', 'KEY=v=1', '/usr/bin/node', 'server.js', 'stdio', '--method', 'tools/list']);
    expect(echo?.slice(7)).toEqual(['--method', 'tools/call', '--tool-name', 'echo', '--tool-arg', 's="7"', '--tool-arg', 'n=7', '--tool-arg', 'o={"a":[1]}']);
    expect(none?.slice(7)).toEqual(['--method', 'tools/call', '--tool-name', 'none']);
    expect(inspectorInvocations(spec, { PATH: '/bin', KEY: 'v=1' })[0]?.slice(0, 3)).toEqual([INSPECTOR_CLI, '--cli', '/usr/bin/node']);
  });

  it('adds the column only when a row measured the other tools, with as many cells in every line', () => {
    expect(renderDefaultRuns('## t', [row({}), row({})]).join('\n')).not.toContain('other tools on the same work');
    const lines = renderDefaultRuns('## t', [row({ otherTools: [sdk(), inspector()] }), row({}), row({ error: 'boom' })]);
    expect(lines[2]).toContain('| other tools on the same work (s / ratio) |');
    const cells = (line: string) => line.replace(/\\\|/g, '').split('|').length;
    for (const line of lines.slice(3)) expect(cells(line)).toBe(cells(lines[2]!));
    expect(lines[4]).toContain('| SDK client 0.31 s / 1.72x; Inspector CLI 6.2 s / 34.1x (10 invocations) |');
    expect(lines[5]).toMatch(/\| not measured \|$/);
    expect(lines[6]).toContain('not measured: boom');
    // with the NODE_EXTRA_CA_CERTS column too
    const both = renderDefaultRuns('## t', [row({ noExtraCaMs: 360, noExtraCaRatio: 1.8, otherTools: [sdk()] }), row({ error: 'boom' })]);
    for (const line of both.slice(3)) expect(cells(line)).toBe(cells(both[2]!));
  });

  it('explains the column in RESULTS.md (each tool, its version, its Node starts) only when it was measured', () => {
    const base = { date: '2026-01-01', cpus: 2, cpuModel: 'cpu', node: 'v20', surfaces: [], benchSeconds: 1 };
    const measured = renderResults({ ...base, defaultRuns: [row({ otherTools: [sdk(), inspector()] })] });
    expect(measured).toContain('"Other tools on the same work"');
    expect(measured).toContain('@modelcontextprotocol/sdk 1.32.2');
    expect(measured).toContain('@modelcontextprotocol/inspector 1.0.3');
    expect(measured).toContain('from 3 more alternating rounds');
    expect(measured).toContain('each invocation is two Node starts');
    expect(renderResults({ ...base, defaultRuns: [row({})] })).not.toContain('Other tools on the same work');
  });
});
