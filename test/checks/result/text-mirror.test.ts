import check from '../../../harness/checks/result/text-mirror.ts';
import { checkTester, makeCall, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const text = (t: string) => ({ type: 'text', text: t });
const on = (result: unknown, era?: 'modern') =>
  makeObservation({ ...(era ? { era } : {}), tools: [makeTool('search')], calls: [makeCall('search', { result })] });
const structured = { results: [{ title: 'a', url: 'b' }], summary: 's', nextStep: 'n' };

checkTester(check, {
  examples: (result) => on(JSON.parse(result)),
  valid: [
    { name: 'exact mirror', observation: on({ content: [text(JSON.stringify(structured))], structuredContent: structured }) },
    {
      name: 'key order and whitespace do not matter',
      observation: on({ content: [text('{ "nextStep": "n", "summary": "s",\n "results": [{"url":"b","title":"a"}] }')], structuredContent: structured }),
    },
    {
      name: 'a later text block mirrors after a prose one',
      observation: on({ content: [text('Found 1 result.'), { type: 'image', data: '', mimeType: 'image/png' }, text(JSON.stringify(structured))], structuredContent: structured }),
    },
    { name: 'no structuredContent: nothing to mirror', observation: on({ content: [] }) },
    { name: '2026 scalar structuredContent mirrored', observation: on({ resultType: 'complete', content: [text('42')], structuredContent: 42 }, 'modern') },
  ],
  invalid: [
    { name: 'prose only is at most info', observation: on({ content: [text('1 result for your query')], structuredContent: structured }), findings: [{ messageId: 'proseOnly', severity: 'info' }] },
    {
      name: 'case 05: JSON text lacks keys',
      observation: on({ content: [text(JSON.stringify({ results: structured.results }))], structuredContent: structured }),
      findings: [{ messageId: 'divergentKeys', tool: 'search', pointer: '/content/0/text', severity: 'warning' }],
    },
    {
      name: 'array order matters',
      observation: on({ content: [text('{"xs":[2,1]}')], structuredContent: { xs: [1, 2] } }),
      findings: [{ messageId: 'divergentKeys', pointer: '/content/0/text' }],
    },
    {
      name: 'JSON array text against object structuredContent',
      observation: on({ content: [text('[1]')], structuredContent: { a: 1 } }),
      findings: [{ messageId: 'divergent', pointer: '/content/0/text' }],
    },
    { name: 'case 07 also: no text block at all', observation: on({ isError: false, structuredContent: { id: 'x' } }), findings: [{ messageId: 'noTextBlock', pointer: '/content', severity: 'warning' }] },
    { name: 'only non-text blocks', observation: on({ content: [{ type: 'image', data: '', mimeType: 'image/png' }], structuredContent: { a: 1 } }), findings: [{ messageId: 'noTextBlock' }] },
    {
      name: 'prose summary only is an info note',
      observation: on({ content: [text('1 result for your query')], structuredContent: structured }),
      findings: [{ messageId: 'proseOnly', severity: 'info', pointer: '/content' }],
    },
    {
      name: "sweep 19: a text of structuredContent's only member (a result wrapper) is named so (a warning), not listed key by key as divergentKeys",
      observation: on({ content: [text(JSON.stringify(structured))], structuredContent: { result: structured } }),
      findings: [{ messageId: 'wrappedMirror', severity: 'warning', pointer: '/content/0/text' }],
    },
    {
      name: "a wrapper's array member mirrored as an array text is the same finding",
      observation: on({ content: [text('[1,2]')], structuredContent: { result: [1, 2] } }),
      findings: [{ messageId: 'wrappedMirror', severity: 'warning' }],
    },
    {
      name: 'a text that lacks a field of the wrapped member still diverges',
      observation: on({ content: [text(JSON.stringify({ summary: 's' }))], structuredContent: { result: structured } }),
      findings: [{ messageId: 'divergentKeys', severity: 'warning' }],
    },
    {
      name: 'two members: a text of one of them is no mirror',
      observation: on({ content: [text(JSON.stringify(structured))], structuredContent: { result: structured, page: 1 } }),
      findings: [{ messageId: 'divergentKeys', severity: 'warning' }],
    },
    {
      name: 'a number-like prose line does not count as JSON against an object',
      observation: on({ content: [text('42')], structuredContent: { a: 1 } }),
      findings: [{ messageId: 'proseOnly', severity: 'info' }],
    },
  ],
});
