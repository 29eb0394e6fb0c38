import { makeSentinel } from '../../harness/probes/sentinel.ts';
import { describe, expect, it } from 'vitest';
import { isDestructive, mayChangeState, planCalls } from '../../harness/scenarios/index.ts';
import type { ListedTool } from '../../harness/model/protocol.ts';
import type { Scenario } from '../../harness/model/wire.ts';

const tool = (name: string, annotations?: ListedTool['annotations'], inputSchema: ListedTool['inputSchema'] = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }): ListedTool =>
  ({ name, inputSchema, ...(annotations ? { annotations } : {}) });
const fileScenario = (t: string, name: string): Scenario => ({ name, tool: t, arguments: {}, expect: 'success', origin: 'file', file: 's.json' });

const readOnly = tool('search', { readOnlyHint: true });
const deleter = tool('delete', { readOnlyHint: false, destructiveHint: true });
const creator = tool('create', { destructiveHint: false });
const unannotated = tool('mystery');

describe('mayChangeState (the gate: readOnlyHint defaults to false, trials F11) and isDestructive (the spec\'s narrower sense)', () => {
  it.each([
    [undefined, true, true],
    [{}, true, true],
    [{ readOnlyHint: true }, false, false],
    [{ readOnlyHint: true, destructiveHint: true }, false, false],
    [{ readOnlyHint: false }, true, true],
    [{ destructiveHint: false }, true, false],
    [{ readOnlyHint: false, destructiveHint: false }, true, false],
    [{ readOnlyHint: false, destructiveHint: true }, true, true],
  ])('%j -> may change state %s, destructive %s', (annotations, changes, destructive) => {
    expect(mayChangeState(annotations)).toBe(changes);
    expect(isDestructive(annotations)).toBe(destructive);
  });
});

describe('planCalls', () => {
  it('gives every tool its file scenarios and generates for the rest, in tool order', () => {
    const plan = planCalls([readOnly, creator], [fileScenario('create', 'a'), fileScenario('create', 'b')], { generate: true, destructive: false });
    expect(plan.scenarios.map((s) => [s.tool, s.name, s.origin])).toEqual([['search', 'generated', 'generated'], ['create', 'a', 'file'], ['create', 'b', 'file']]);
    expect(plan.scenarios[0]).toEqual({ name: 'generated', tool: 'search', arguments: { q: makeSentinel('generated:/properties/q') }, expect: 'success', origin: 'generated' }); // errors/echo
    expect(plan.skipped).toEqual([]);
    expect(plan.unknown).toEqual([]);
  });

  it('an empty enum (JSON Schema Validation §6.1.2: admits no value): an optional property is left out and the tool called; a required one leaves it uncalled, saying why truthfully', () => {
    const optional = tool('probe', { readOnlyHint: true }, { type: 'object', properties: { mode: { type: 'string', enum: [] }, q: { type: 'string' } }, required: ['q'] });
    const required = tool('netlify-coding-rules', { readOnlyHint: true }, { type: 'object', properties: { creationType: { type: 'string', enum: [] } }, required: ['creationType'], additionalProperties: false, $schema: 'http://json-schema.org/draft-07/schema#' });
    const plan = planCalls([optional, required], [], { generate: true, destructive: false });
    expect(plan.scenarios.map((s) => [s.tool, s.arguments])).toEqual([['probe', { q: makeSentinel('generated:/properties/q') }]]);
    expect(plan.skipped).toEqual([
      { tool: 'netlify-coding-rules', kind: 'no-arguments', reason: 'no scenario and no arguments could be generated: no value satisfies inputSchema /properties/creationType: its enum is empty, so no valid arguments exist' },
    ]);
  });

  it('skips every tool not annotated readOnlyHint: true (destructiveHint: false included) unless allowed', () => {
    const tools = [readOnly, deleter, creator, unannotated];
    const off = planCalls(tools, [], { generate: true, destructive: false });
    expect(off.scenarios.map((s) => s.tool)).toEqual(['search']);
    expect(off.skipped.map((s) => [s.tool, s.kind])).toEqual([['delete', 'destructive'], ['create', 'destructive'], ['mystery', 'destructive']]);
    expect(off.skipped[1].reason).toMatch(/may change state \(not annotated readOnlyHint: true\)/);
    const on = planCalls(tools, [], { generate: true, destructive: true });
    expect(on.scenarios.map((s) => s.tool)).toEqual(['search', 'delete', 'create', 'mystery']);
  });

  it('still runs file scenarios of destructive tools', () => {
    const plan = planCalls([deleter], [fileScenario('delete', 'explicit')], { generate: true, destructive: false });
    expect(plan.scenarios.map((s) => s.name)).toEqual(['explicit']);
    expect(plan.skipped).toEqual([]);
  });

  it('skips every tool without a scenario when generation is off', () => {
    const plan = planCalls([readOnly, creator], [fileScenario('create', 'a')], { generate: false, destructive: true });
    expect(plan.scenarios.map((s) => s.name)).toEqual(['a']);
    expect(plan.skipped).toEqual([{ tool: 'search', reason: 'no scenario and argument generation is disabled', kind: 'disabled' }]);
  });

  it('skips a tool whose arguments cannot be generated, with a value-free reason naming the pointer', () => {
    const impossible = tool('bounded', { readOnlyHint: true }, { type: 'object', properties: { n: { type: 'integer', minimum: 5, maximum: 4 } }, required: ['n'] });
    const plan = planCalls([impossible], [], { generate: true, destructive: false });
    expect(plan.skipped).toEqual([{ tool: 'bounded', reason: 'no scenario and no arguments could be generated: cannot generate a value at inputSchema /properties/n: no number satisfies the bounds', kind: 'no-arguments' }]);
  });

  it('returns scenarios for tools the server does not advertise in unknown', () => {
    const ghost = fileScenario('ghost', 'x');
    const plan = planCalls([readOnly], [ghost, fileScenario('search', 'y')], { generate: true, destructive: false });
    expect(plan.unknown).toEqual([ghost]);
    expect(plan.scenarios.map((s) => s.name)).toEqual(['y']);
  });
});
