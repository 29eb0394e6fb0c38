/**
 * The server's last stderr lines for a boot-failure or timeout finding (issue 9 §4: "did not boot" says
 * why). Stderr is the server's own output, so it is shown by default, unlike `evidence`; but a server may
 * log the arguments it got, so every string the harness sent in a request (tool arguments, probe params,
 * sentinels) is masked first: no caller value reaches a report through this path.
 */
import type { SurfaceObservation } from '../../model/observation.ts';
import { stderrProcessLabel, type StderrLabel } from '../../model/wire.ts';
import { stripTerminalControls } from '../../model/reader-view.ts';
import { networkFailure } from '../../model/network-failure.ts';
import { credentialFailure } from '../../model/credential-failure.ts';

/** At most this many lines, the last ones. */
export const STDERR_TAIL_LINES = 10;
/** Each line is cut to this many characters. */
export const STDERR_LINE_CHARS = 240;
/** Sent strings shorter than this are not masked (too common to mean anything: `a`, `id`). */
const MIN_MASKED = 3;
const MASK = '[value]';

/** Every string leaf (and number of 4+ characters) of `value`, bounded to 10,000 leaves. */
function leaves(value: unknown, into: Set<string>): void {
  if (into.size > 10_000) return;
  if (typeof value === 'string') into.add(value);
  else if (typeof value === 'number' && String(value).length >= 4) into.add(String(value));
  else if (Array.isArray(value)) for (const v of value) leaves(v, into);
  else if (value !== null && typeof value === 'object') for (const v of Object.values(value)) leaves(v, into);
}

/**
 * What a request carried from the caller: a tools/call's `arguments`; for other methods every param but `_meta`; nothing
 * for `initialize`, whose params are the harness's own (its name, version, the protocol versions and capabilities it
 * offers): masking them hid "mcp-harness" in the server's paths ("[value]-sandbox-...", sweep 17).
 */
function callerData(method: string, params: unknown): unknown {
  if (method === 'initialize') return undefined;
  if (params === null || typeof params !== 'object' || Array.isArray(params)) return params;
  const { _meta: _envelope, ...rest } = params as Record<string, unknown>;
  return method === 'tools/call' ? rest.arguments : rest;
}

/** The strings the harness sent as caller data (tool arguments, sentinels, probe params), longest first. */
export function sentStrings(observation: Pick<SurfaceObservation, 'calls' | 'probes'>): string[] {
  const sent = new Set<string>();
  for (const { scenario, request } of observation.calls) {
    leaves(scenario.arguments, sent);
    leaves(callerData(request.method, request.params), sent);
  }
  for (const { request } of observation.probes) leaves(callerData(request.method, request.params), sent);
  return [...sent].filter((s) => s.length >= MIN_MASKED).sort((a, b) => b.length - a.length);
}

/**
 * Remove escape and control sequences whole (CSI, OSC, DCS, `ESC ( B`..., 7-bit and 8-bit), control characters
 * other than tab and line feed, bidi controls, and each backspace with the character before it
 * (`stripTerminalControls`). The env mask of the session layer looks for secrets in the text read that way too
 * (model/reader-view.ts), so this cleaning never puts a masked value back together. Applied to the whole tail before
 * it is cut into lines (CR dropped here), as the view is: a sequence spanning a line feed is dropped whole.
 */
function clean(text: string): string {
  return stripTerminalControls(text);
}

/** Replace every occurrence of a sent string (also JSON-escaped) by `[value]`. */
function mask(text: string, sent: readonly string[]): string {
  let out = text;
  for (const s of sent) {
    for (const form of new Set([s, JSON.stringify(s).slice(1, -1)])) {
      if (form.length < MIN_MASKED || !out.includes(form)) continue;
      // a number only as a whole token (12345, not the 1234 inside a longer number)
      out = /^-?\d+(\.\d+)?$/.test(form) ? out.replace(new RegExp(`(?<![\\d.])${form.replace('.', '\\.')}(?![\\d.])`, 'g'), MASK) : out.split(form).join(MASK);
    }
  }
  return out;
}

/** Stack-frame lines of one run shown before the rest are counted (`stackSummary`). */
export const STACK_FRAMES_SHOWN = 2;
/** A stack-frame line as Node, Deno and Bun print one (`    at fn (file:1:2)`). */
const STACK_FRAME = /^\s+at\s/;

/** The harness's line in place of `count` stack-frame lines of a run (`[mcp-harness]`: never taken for server text). */
export function stackSummary(count: number): string {
  return `[mcp-harness] ... ${count} more stack frame line(s)`;
}

type Entry = { label: boolean; text: string; processNo?: number; summary?: true };

/**
 * Each run of more than STACK_FRAMES_SHOWN consecutive stack-frame lines of one process kept as its first
 * STACK_FRAMES_SHOWN and one summary entry (`stackSummary`, a harness line: `label`, `summary`, the process's number),
 * which takes none of the tail's lines either.
 */
function collapseStacks(entries: readonly Entry[]): Entry[] {
  const out: Entry[] = [];
  for (let i = 0; i < entries.length; ) {
    const e = entries[i];
    if (e.label || !STACK_FRAME.test(e.text)) {
      out.push(e);
      i += 1;
      continue;
    }
    let j = i;
    while (j < entries.length && !entries[j].label && entries[j].processNo === e.processNo && STACK_FRAME.test(entries[j].text)) j += 1;
    out.push(...entries.slice(i, Math.min(j, i + STACK_FRAMES_SHOWN)));
    if (j - i > STACK_FRAMES_SHOWN) out.push({ label: true, summary: true, text: stackSummary(j - i - STACK_FRAMES_SHOWN), ...(e.processNo === undefined ? {} : { processNo: e.processNo }) });
    i = j;
  }
  return out;
}

/** What a server line that reads like one of the harness's own lines gets in front (it can only be server text). */
export const SERVER_TEXT_MARK = '(server) ';

/**
 * The last non-empty stderr lines of the observation (at most STDERR_TAIL_LINES of the server's, each cut to
 * STDERR_LINE_CHARS), with every sent string masked, and the harness's label lines (`stderrProcessLabel`: which
 * process of the session wrote the lines below) among them where the wire tap put them, plus the label that names
 * the first line shown. Labels are known by their positions (`WireTap.stderrLabels`), never by their text: a server
 * line that reads like a harness line (`[mcp-harness]...`, also once cleaned) is shown behind SERVER_TEXT_MARK.
 * Labels take none of the lines. Empty when the server wrote nothing. With `processNo` (ExitInfo.processNo), the lines
 * of that process of the session alone, without labels: a finding on one process's exit shows what that process wrote
 * (empty when it wrote nothing kept), never another's (sweep 17: three crashes each showed the last process's lines).
 * A run of more than STACK_FRAMES_SHOWN stack-frame lines (`    at ...`) keeps its first ones and one harness line
 * counting the rest (`stackSummary`), so the error line above a stack is still among the lines shown (a new user: a
 * server that could not find a package showed ten frames and not the error). Pure.
 */
export function stderrTail(observation: Pick<SurfaceObservation, 'wire' | 'calls' | 'probes'>, processNo?: number): string[] {
  const all = collapseStacks(stderrEntries(observation));
  const shown = processNo === undefined ? all : all.filter((e) => (!e.label || e.summary === true) && e.processNo === processNo);
  let start = shown.length;
  for (let i = shown.length - 1, lines = 0; i >= 0 && lines < STDERR_TAIL_LINES; i--) {
    if (shown[i].label) continue;
    lines += 1;
    start = i;
  }
  // the label of the first line shown, the nearest one above it (a stack's summary is no label of a process)
  let above = start - 1;
  while (above >= 0 && (!shown[above].label || shown[above].summary === true)) above -= 1;
  const out = above >= 0 ? [shown[above], ...shown.slice(start)] : shown.slice(start);
  return out.map(({ text }) => (text.length > STDERR_LINE_CHARS ? `${text.slice(0, STDERR_LINE_CHARS - 1)}…` : text));
}

/**
 * `networkCause` of every server line of the kept stderr tail (`stderrEntries`; up to `stderrLimitBytes`, 64 KB by
 * default), not only the lines a finding shows: a client that retries a failed lookup logs the failure once and
 * then many lines of backoff (@apify/actors-mcp-server 0.10.6 offline: "getaddrinfo ENOTFOUND" ahead of its retry
 * warnings; a sweep of published servers, 2026-12-05). A server logs such a failure when it happens, long before a
 * request times out; the wire tap keeps the lines that name one as they arrive (`WireTap.stderrNetworkLines`), so the
 * sentence does not hang on which bytes were still kept when the tail was read. Pure.
 */
export function stderrNetworkCause(observation: Pick<SurfaceObservation, 'wire' | 'calls' | 'probes'>): string {
  // the wire tap's lines, read as stderr arrived, stick however much stderr followed; each is masked first, as the tail
  // is, so a value the harness sent (a search pattern 'ECONNREFUSED' the server logged) names no failure (a reviewer)
  const lines = observation.wire.stderrNetworkLines;
  if (lines !== undefined && lines.length > 0) {
    const sent = sentStrings(observation);
    for (const line of lines) {
      const failure = networkFailure([clean(mask(line, sent))]);
      if (failure !== undefined) return causeSentence(failure);
    }
  }
  return networkCause(stderrEntries(observation).filter((e) => !e.label).map((e) => e.text));
}

/**
 * Every non-empty line of the kept stderr tail, cleaned and masked as `stderrTail` shows them (server text marked
 * where it reads like a harness line), and the harness's label lines among them (`label: true`, each followed by a
 * line of its process: a label with none is dropped), oldest first.
 */
function stderrEntries(observation: Pick<SurfaceObservation, 'wire' | 'calls' | 'probes'>): { label: boolean; text: string; processNo?: number }[] {
  const raw = observation.wire.stderrTail;
  if (!raw) return [];
  const sent = sentStrings(observation);
  const entries: { label: boolean; text: string; processNo?: number }[] = [];
  const labels = labelsOf(raw, observation.wire.stderrLabels);
  // the process whose lines these are: the one that opened the tail, then each label's (none when the labels are not
  // where the tap put them: then no line is any process's)
  let writer = labels.length === 0 && (observation.wire.stderrLabels?.length ?? 0) > 0 ? undefined : observation.wire.stderrOpenedBy;
  const serverText = (text: string) => {
    // mask before cutting into lines, so a value that spans a cut is still found (each process's text on its own)
    for (const line of clean(mask(text, sent)).split('\n')) {
      if (line.trim() === '') continue;
      entries.push({ label: false, text: /^\s*\[mcp-harness/i.test(line) ? `${SERVER_TEXT_MARK}${line}` : line, ...(writer === undefined ? {} : { processNo: writer }) });
    }
  };
  let from = 0;
  for (const { at, processNo } of labels) {
    serverText(raw.slice(from, at));
    const label = stderrProcessLabel(processNo);
    entries.push({ label: true, text: label });
    writer = processNo;
    from = at + label.length + 1;
  }
  serverText(raw.slice(from));
  return entries.filter((e, i) => !e.label || (entries[i + 1] !== undefined && !entries[i + 1].label));
}

/**
 * The label lines of `tail` the wire tap recorded, in order; none when any is not where it says (a tail that was
 * changed after the tap wrote it), so nothing is then taken for a label.
 */
function labelsOf(tail: string, labels: readonly StderrLabel[] | undefined): readonly StderrLabel[] {
  if (!labels) return [];
  let end = 0;
  for (const { at, processNo } of labels) {
    const label = `${stderrProcessLabel(processNo)}\n`;
    if (at < end || !tail.startsWith(label, at)) return [];
    end = at + label.length;
  }
  return labels;
}

export { networkFailure };

/**
 * The sentence a boot-failure message ends with when the server's stderr reports a network failure
 * (`networkFailure`), else ''. Message data, not a messageId of its own: whether a lookup failed before the
 * start budget ran out depends on the machine's resolver, and a finding's id must not.
 */
export function networkCause(lines: readonly string[]): string {
  const failure = networkFailure(lines);
  return failure === undefined ? '' : causeSentence(failure);
}

/**
 * The sentence a boot or exit message ends with when the server's stderr reports a network failure (`networkCause`),
 * else when it says a credential is missing or was refused (model/credential-failure.ts: "No valid authorization token
 * found", "API key is required"), else ''. Message data, not a messageId: the finding and its id stay the server's.
 */
export function bootCause(lines: readonly string[]): string {
  return networkCause(lines) || (credentialFailure(lines) ? CREDENTIAL_SENTENCE : '');
}

/** The sentence of a stderr that says a credential is missing or was refused (`bootCause`). */
const CREDENTIAL_SENTENCE = " Its stderr says a credential (a key, token or password) is missing or was refused: it may need one this run does not give it (the surface's env, or the CLI's --env).";

/**
 * `stderrNetworkCause`, else the credential sentence of `bootCause` read in the session's stderr tail (its unlabelled
 * lines, masked as the tail is).
 */
export function stderrBootCause(observation: Pick<SurfaceObservation, 'wire' | 'calls' | 'probes'>): string {
  const network = stderrNetworkCause(observation);
  if (network !== '') return network;
  return credentialFailure(stderrEntries(observation).filter((e) => !e.label).map((e) => e.text)) ? CREDENTIAL_SENTENCE : '';
}

/** The sentence naming a network failure of the server's stderr by its fixed name. */
function causeSentence(failure: string): string {
  return ` Its stderr reports a failed network lookup or connection (${failure}): it may need a network or a service this run does not provide.`;
}

/**
 * The sentence a finding about a JSON-RPC error answer ends with when the error's own `message` names a network
 * failure (`networkFailure`: `fetch failed`, EAI_AGAIN...), else ''. Reads that message only, never the stderr tail:
 * whether a line reached the tail before the session closed depends on timing, and a message must not. Only the
 * fixed name is quoted, never the host or the text. A server that cannot reach what it needs answers an internal
 * error (the right channel); the run, not the server, may be what is missing (@supabase/mcp-server-supabase 0.13.0
 * offline answers tools/list with -32603 "fetch failed", @modelcontextprotocol/server-gdrive resources/list with
 * -32603 "getaddrinfo EAI_AGAIN ...": a sweep of published servers, 2026-12-04).
 */
export function errorNetworkCause(message: unknown): string {
  const failure = typeof message === 'string' ? networkFailure([message]) : undefined;
  return failure === undefined ? '' : ` Its error message names a failed network lookup or connection (${failure}): the server may need a network or a service this run does not provide.`;
}
