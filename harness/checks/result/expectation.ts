/**
 * result/expectation: each scenario call's outcome matches the scenario's `expect`, and its
 * assertions (`assert.structuredContentHas` JSON pointers, `assert.textIncludes` strings) hold.
 * Assertions are judged only when the expected outcome held (otherwise they are moot).
 * Only scenarios a user wrote (`origin: 'file'`) are judged: generated arguments are the harness's
 * guess, so their calls are judged by the revision-aware checks alone (a valid call rejected as
 * invalid is errors/input-enforcement's `validCallRejected`).
 * Rule source: the scenario file (harness rule, not a spec section).
 */
import { defineCheck } from '../define.ts';
import type { CallRecord, Outcome } from '../../model/wire.ts';
import { resultObject } from '../util/calls.ts';
import { textBlocks } from '../util/content.ts';
import { parsePointer, pointerExists } from '../util/pointer.ts';
import type { Report } from '../util/report.ts';

/** Outcomes that carry no answer; the transport checks report why (`unanswered`, a Streamable HTTP answer with no JSON-RPC response: transport/http-status `noResponse`). */
const UNANSWERED: Outcome[] = ['timeout', 'exit', 'cancelled', 'oversize', 'unanswered'];

export default defineCheck({
  meta: {
    id: 'result/expectation',
    defaultSeverity: 'error',
    description: "Each scenario's expected outcome (success, tool-error, protocol-error) and assertions hold.",
    rationale:
      'Scenarios are the surface owner’s executable statement of how a tool behaves; a call that succeeds where it should fail, or fails where it should succeed, is a behaviour change the contract alone cannot see. Generated arguments are the harness’s guess, not an expectation anyone wrote: their calls are judged by the revision-aware checks only.',
    spec: 'harness:scenarios (expect, assert.structuredContentHas, assert.textIncludes)',
    messages: {
      outcomeMismatch: "'{{tool}}' {{call}} expected outcome '{{expect}}' but got '{{outcome}}' (see {{pointer}}).",
      notAnswered: "'{{tool}}' {{call}} expected outcome '{{expect}}', which did not hold: the call ended with '{{outcome}}' (reported by the transport checks).",
      pointerMissing: "'{{tool}}' {{call}}: assertion {{n}} of structuredContentHas failed: {{pointer}} does not exist.",
      pointerInvalid: "'{{tool}}' {{call}}: assertion {{n}} of structuredContentHas is not a JSON pointer (RFC 6901).",
      textMissing: "'{{tool}}' {{call}}: assertion {{n}} of textIncludes failed: no text block at {{pointer}} contains the expected text.",
      scenarioForUnknownTool: "Scenario '{{scenario}}' ({{file}}) calls tool {{tool}}, which the surface does not advertise.",
    },
    examples: {
      fail: 'scenario {"expect":"success"}; result {"content":[...],"isError":true}',
      pass: 'scenario {"expect":"tool-error"}; result {"content":[...],"isError":true}',
    },
  },
  check(ctx, report) {
    for (const call of ctx.observation.calls) {
      if (call.scenario.origin === 'generated') continue;
      // a file scenario's findings point into its file (the runner adds the line: Finding.location)
      const file = call.scenario.file;
      const located: Report = file === undefined ? report : (d) => report({ ...d, location: { file } });
      checkOutcome(call, located);
      if (call.request.outcome === call.scenario.expect) checkAssertions(call, located);
    }
  },
});

/** Where a mismatch shows in the response frame. */
function mismatchPointer(outcome: Outcome): string {
  if (outcome === 'protocol-error') return '/error';
  return outcome === 'tool-error' ? '/result/isError' : '/result';
}

/** Outcome against `expect`. */
function checkOutcome({ scenario, request }: CallRecord, report: Report): void {
  const { outcome } = request;
  // never sent (transport/exit says so), or taken by a crash beside others before an attempt alone that never ran (retryUnsent): nothing to judge
  if (outcome === scenario.expect || request.unsent !== undefined || request.retryUnsent !== undefined) return;
  const data = { tool: scenario.tool, call: `scenario '${scenario.name}'`, expect: scenario.expect, outcome };
  // a timeout or an exit is the transport checks' finding, never evidence for this one: a note only
  if (UNANSWERED.includes(outcome)) return report({ messageId: 'notAnswered', tool: scenario.tool, severity: 'info', data });
  const pointer = scenario.expect === 'tool-error' && outcome === 'success' ? '/result/isError' : mismatchPointer(outcome);
  report({ messageId: 'outcomeMismatch', tool: scenario.tool, pointer, data: { ...data, pointer } });
}

/** `assert.structuredContentHas` and `assert.textIncludes`, on calls that got a result. */
function checkAssertions({ scenario, request }: CallRecord, report: Report): void {
  const result = resultObject(request);
  if (result === undefined || scenario.assert === undefined) return;
  const base = { tool: scenario.tool, call: `scenario '${scenario.name}'` };
  (scenario.assert.structuredContentHas ?? []).forEach((pointer, i) => {
    if (typeof pointer !== 'string' || parsePointer(pointer) === undefined) {
      return report({ messageId: 'pointerInvalid', tool: scenario.tool, data: { ...base, n: i + 1 } });
    }
    if (!pointerExists(result.structuredContent, pointer)) {
      report({ messageId: 'pointerMissing', tool: scenario.tool, pointer: `/structuredContent${pointer}`, data: { ...base, n: i + 1, pointer: `/structuredContent${pointer}` } });
    }
  });
  const texts = textBlocks(result.content).map((block) => block.text);
  (scenario.assert.textIncludes ?? []).forEach((expected, i) => {
    if (typeof expected === 'string' && texts.some((text) => text.includes(expected))) return;
    report({ messageId: 'textMissing', tool: scenario.tool, pointer: '/content', data: { ...base, n: i + 1, pointer: '/content' } });
  });
}
