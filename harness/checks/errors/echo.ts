/**
 * errors/echo: caller-supplied values never come back on a failure path. Probes plant sentinels in
 * invalid arguments and in a call of an unknown tool; no JSON-RPC error and no isError result may
 * carry a sentinel on any channel (content text, structuredContent, error.message, error.data).
 * Its own probe per tool is the first sentinel-carrying reject probe of errors/input-enforcement's derivation
 * (`argumentProbePrefix`), so with that check on it is one of its requests, sent once (harness/run/shared-probes.ts).
 * Its base is `answeredArguments`: a read-only tool whose calls were all refused in a result body (no known-good base,
 * so no input-enforcement probes) still gets its echo probe, since only the probe's failure answer is judged.
 * A probe's params hold the value it planted and the base's valid values (generated strings carry sentinels too): an
 * answer that repeats only values the tool's answered calls also sent ("Table <the valid table name> does not exist") is the
 * `echoedCall` case, graded the same (`echoedProbeBase`, info); one that repeats the probe's planted value is `echoed`.
 * Every probe record whose params carry a sentinel is judged, including other checks' probes; and so is
 * every call whose arguments carry one (generated arguments plant sentinels in free strings, so a call
 * with VALID arguments that fails, e.g. for want of a network, must not repeat them either: issue 9 §3).
 * Severity: a probe's invalid value reflected verbatim is a warning; a failing call with valid arguments
 * that names the caller's value (`echoedCall`: "Connection X does not exist") is info, since no revision
 * has a MUST or SHOULD about it (policy); `echo: 'forbid'` makes both errors.
 * Spec: spec:2025-11-25/server/tools.mdx §Security Considerations (sanitize tool outputs); docs/reports.md §The report (value-free reports).
 */
import { defineCheck } from '../define.ts';
import { argumentProbePrefix, firstArgumentProbe } from '../../probes/negative.ts';
import { distinctProbes, resultOf, responseKind } from '../../probes/records.ts';
import { makeSentinel, SENTINEL_PREFIX, sentinelsIn } from '../../probes/sentinel.ts';
import { answeredArguments, listedTools, mayProbe, toolCallProbe, unknownToolName } from '../../probes/targets.ts';
import { indexOf } from '../../probes/index-cache.ts';
import type { CallRecord, ProbeRecord, ProbeRequest } from '../../model/wire.ts';

const ID = 'errors/echo';
const UNKNOWN = `${ID}:unknown-tool`;

/** The channels of a failure answer that carry a sentinel (names only). */
export function echoChannels(record: Pick<ProbeRecord, 'request'>, sentinels: string[]): string[] {
  return carrying(channelTexts(record), sentinels);
}

/**
 * Each channel of a failure answer that holds a value, with the text `containsAny` searches in it: a string
 * as it is, anything else serialised. In channel order: error.message, error.data, content, structuredContent.
 */
function channelTexts(record: Pick<ProbeRecord, 'request'>): Array<[string, string]> {
  const frame = record.request.response;
  const error = frame?.error as { message?: unknown; data?: unknown } | undefined;
  const result = resultOf(record.request);
  const channels: Array<[string, unknown]> = [
    ['error.message', error?.message],
    ['error.data', error?.data],
    ['content', result?.content],
    ['structuredContent', result?.structuredContent],
  ];
  const texts: Array<[string, string]> = [];
  for (const [name, value] of channels) {
    if (value !== undefined) texts.push([name, typeof value === 'string' ? value : (JSON.stringify(value) ?? '')]);
  }
  return texts;
}

/** A failure answer as evidence (--show-values): the JSON-RPC error, or the result's content and structuredContent. */
function answerOf(request: ProbeRecord['request']): unknown {
  const result = resultOf(request);
  return request.response?.error ?? (result ? { isError: result.isError, content: result.content, structuredContent: result.structuredContent } : undefined);
}

/**
 * Whether any channel `channelTexts` reads could hold `needle` in its text, without serialising one: true when a
 * string of a channel's value (a member name or a string value, at any depth) contains it. `needle` must be plain
 * text that JSON.stringify never escapes and that holds none of its punctuation (the sentinel prefix: letters,
 * digits and `-`): its serialisation then holds `needle` only inside a string token, which holds it exactly when
 * the string does; so false means no channel text holds it. Never throws; does not recurse.
 */
function channelsHold(record: Pick<ProbeRecord, 'request'>, needle: string): boolean {
  const error = record.request.response?.error as { message?: unknown; data?: unknown } | undefined;
  const result = resultOf(record.request);
  const stack: unknown[] = [error?.message, error?.data, result?.content, result?.structuredContent];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes(needle)) return true;
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (key.includes(needle)) return true;
        stack.push((value as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** The names of the channels whose text holds one of `sentinels` (containsAny on each channel's value). */
function carrying(texts: Array<[string, string]>, sentinels: string[]): string[] {
  return texts.filter(([, text]) => sentinels.some((s) => text.includes(s))).map(([name]) => name);
}

/**
 * The channels of a failure answer that echo a sentinel of `planted` (a call's arguments, a probe's params):
 * the answer's texts are searched for the sentinel prefix first, so the planted value is serialised and
 * scanned only when some channel could hold one of its sentinels (most failure answers hold none).
 */
function echoedChannels(record: Pick<ProbeRecord, 'request'>, planted: unknown): string[] {
  if (!channelsHold(record, SENTINEL_PREFIX)) return [];
  const texts = channelTexts(record);
  if (!texts.some(([, text]) => text.includes(SENTINEL_PREFIX))) return [];
  const sentinels = sentinelsIn(planted);
  return sentinels.length === 0 ? [] : carrying(texts, sentinels);
}

/**
 * Tool name -> the sentinels of the arguments of its calls answered with a result without isError: the calls a probe
 * can be derived from (targets.ts successfulArguments, answeredArguments), so the values a probe may have kept. A
 * scenario expecting a tool error, or a call that failed, adds nothing (a sentinel in it never downgrades a probe's).
 */
function callSentinelsByTool(calls: readonly CallRecord[]): Map<string, Set<string>> {
  const byTool = new Map<string, Set<string>>();
  for (const call of calls) {
    if (responseKind(call.request) !== 'result') continue;
    const found = sentinelsIn(call.scenario.arguments);
    if (found.length === 0) continue;
    const set = byTool.get(call.scenario.tool) ?? new Set<string>();
    for (const s of found) set.add(s);
    byTool.set(call.scenario.tool, set);
  }
  return byTool;
}

/**
 * The channels of a probe's failure answer that repeat a sentinel the probe planted: one of its params' sentinels
 * that none of the tool's calls sent (`valid`: callSentinelsByTool). Called only for an answer that echoes some sentinel.
 */
function plantedChannels(record: ProbeRecord, valid: ReadonlySet<string> | undefined): string[] {
  const planted = sentinelsIn(record.probe.params).filter((s) => !valid?.has(s));
  return planted.length === 0 ? [] : carrying(channelTexts(record), planted);
}

/** The probe's key within its tool (`wrong-type:x`, `unknown-tool`): its id without `<check>:<tool>:`. */
function probeName(record: ProbeRecord): string {
  const { id, check, tool } = record.probe;
  const prefix = `${check}:${tool ?? ''}:`;
  return id.startsWith(prefix) ? id.slice(prefix.length) : id.slice(check.length + 1);
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'Caller-supplied values (sentinels) never come back on a failure path.',
    rationale: 'Error paths that reflect input verbatim leak whatever a caller sent into logs, transcripts and models (and turn a tool into an injection relay). Errors should name the field and the rule, not repeat the value.',
    spec: 'spec:2025-11-25/server/tools.mdx §Security Considerations',
    messages: {
      echoed: 'Tool {{tool}}: the failure answer to probe "{{probe}}" repeats a caller-supplied value in {{channel}}; name the field and the rule instead.',
      echoedUnknown: 'The failure answer to a call of an unknown tool repeats a caller-supplied value in {{channel}}.',
      echoedCall: 'Tool {{tool}}: the failure answer to a call with valid arguments (scenario {{scenario}}) repeats a caller-supplied value in {{channel}}; name the field and the rule instead.',
      echoedProbeBase: 'Tool {{tool}}: the failure answer to probe "{{probe}}" repeats, in {{channel}}, a value the tool\'s own calls also sent (kept from the call the probe was derived from, not planted by the probe); name the field instead.',
    },
    examples: {
      fail: '{"error":{"code":-32602,"message":"bad value <caller input> for field x"}}',
      pass: '{"result":{"isError":true,"content":[{"type":"text","text":"x: must be an integer"}]}}',
    },
  },
  plan({ observation }) {
    const probes: ProbeRequest[] = [toolCallProbe(ID, UNKNOWN, unknownToolName(observation), { probe: makeSentinel(UNKNOWN) })];
    for (const tool of listedTools(observation)) {
      const base = mayProbe(observation, tool) ? answeredArguments(observation, tool) : undefined;
      const probe = base && firstArgumentProbe(tool.inputSchema, base, argumentProbePrefix(tool.name), (p) => p.sentinel !== undefined && p.expect === 'reject');
      if (probe) probes.push(toolCallProbe(ID, `${ID}:${tool.name}:${probe.key}`, tool.name, probe.arguments, true));
    }
    return probes;
  },
  check({ observation }, report) {
    const forbid = observation.options.echo === 'forbid';
    const seen = new Set<string>();
    for (const call of observation.calls) {
      const kind = responseKind(call.request); // only failure answers are judged: no serialising of the others' arguments
      if (kind !== 'protocol-error' && kind !== 'tool-error') continue;
      for (const channel of echoedChannels(call, call.scenario.arguments)) {
        const key = `call|${call.scenario.tool}|${channel}`;
        if (seen.has(key)) continue;
        seen.add(key);
        // info unless forbidden: a call with VALID arguments that fails (not found, unreachable) naming the
        // caller's own identifier is what users expect of such a message, and no revision has a MUST or
        // SHOULD about it (trials s3: 42 such warnings on 7 published servers, all not-found messages); a
        // probe's invalid value reflected verbatim (`echoed`) stays a warning
        // the arguments and the failure answer that repeats them are evidence (--show-values), never the message
        const evidence = { arguments: call.scenario.arguments, answer: answerOf(call.request) };
        report({ messageId: 'echoedCall', tool: call.scenario.tool, data: { tool: call.scenario.tool, scenario: call.scenario.name, channel }, pointer: channelPointer(channel), severity: forbid ? 'error' : 'info', evidence });
      }
    }
    // one request shared by two checks' probes is judged once (sweep 12: mastra's invalid-arguments and
    // wrong-type:confirm probes, one request, drew two findings)
    for (const record of distinctProbes(observation)) {
      const kind = responseKind(record.request);
      if (kind !== 'protocol-error' && kind !== 'tool-error') continue;
      const channels = echoedChannels(record, record.probe.params);
      if (channels.length === 0) continue;
      const unknownTool = record.probe.id.endsWith(':unknown-tool');
      const own = unknownTool ? channels : plantedChannels(record, indexOf(observation.calls, callSentinelsByTool).get(record.probe.tool ?? ''));
      for (const channel of channels) {
        const key = `${record.probe.tool ?? ''}|${probeName(record)}|${channel}|${unknownTool}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const severity = forbid ? 'error' as const : undefined;
        const data = { tool: record.probe.tool ?? '(unknown)', probe: probeName(record), channel };
        const evidence = { params: record.probe.params, answer: answerOf(record.request) };
        if (unknownTool) report({ messageId: 'echoedUnknown', data: { channel }, pointer: channelPointer(channel), ...(severity ? { severity } : {}), evidence });
        else if (own.includes(channel)) report({ messageId: 'echoed', tool: record.probe.tool, data, pointer: channelPointer(channel), ...(severity ? { severity } : {}), evidence });
        // info unless forbidden, as `echoedCall`: the value repeated is one the caller also sent as valid arguments
        else report({ messageId: 'echoedProbeBase', tool: record.probe.tool, data, pointer: channelPointer(channel), severity: forbid ? 'error' : 'info', evidence });
      }
    }
  },
});

/** JSON pointer (into the response frame) of a channel name. */
function channelPointer(channel: string): string {
  return channel === 'error.message' ? '/error/message' : channel === 'error.data' ? '/error/data' : `/result/${channel}`;
}
