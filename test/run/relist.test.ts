import { describe, expect, it } from 'vitest';
import { declaresListChanged, diffTools, finishListChanged } from '../../harness/run/relist.ts';
import { makeObservation, makeTool } from '../helpers/check-tester.ts';

describe('diffTools', () => {
  const a = makeTool('a');
  const b = makeTool('b');
  const c = makeTool('c');

  it('names the tools that appeared (never listed in the run), disappeared (from the previous listing) and changed', () => {
    const b2 = { ...b, description: 'another' };
    expect(diffTools([a, b], [b2, c], [a, b])).toEqual({ added: ['c'], removed: ['a'], changed: ['b'] });
  });

  it('a tool dropped by one re-list and listed again by the next is not "added" twice (it was already planned)', () => {
    expect(diffTools([b], [a, b], [a, b])).toEqual({ added: [], removed: [], changed: [] });
  });

  it('the same listing: no change', () => {
    expect(diffTools([a, b], [a, b], [a, b])).toEqual({ added: [], removed: [], changed: [] });
  });
});

describe('declaresListChanged', () => {
  it('only capabilities.tools.listChanged === true', () => {
    expect(declaresListChanged({ tools: { listChanged: true } })).toBe(true);
    expect(declaresListChanged({ tools: { listChanged: 'yes' } })).toBe(false);
    expect(declaresListChanged({ tools: {} })).toBe(false);
    expect(declaresListChanged({ tools: null })).toBe(false);
    expect(declaresListChanged(undefined)).toBe(false);
  });
});

describe('finishListChanged', () => {
  const counting = (n: number) => ({ notificationCount: () => n });

  it('counts what came after the re-list point as late', () => {
    const record = { count: 1, late: 0, declared: true, relists: [] };
    expect(finishListChanged(record, counting(3), makeObservation())).toEqual({ ...record, late: 2 });
  });

  it('creates the record when the first notification came only during the probes', () => {
    expect(finishListChanged(undefined, counting(1), makeObservation({ negotiation: { capabilities: { tools: { listChanged: true } } } }))).toEqual({ count: 0, late: 1, declared: true, relists: [] });
  });

  it('none at all: no record', () => {
    expect(finishListChanged(undefined, counting(0), makeObservation())).toBeUndefined();
  });
});
