/**
 * The stderr tail of a finding (checks/util/stderr.ts): cleaned as the reader's view reads it (hostile review 5), and
 * the harness's process labels told from server text by where the wire tap put them.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_TEXT_MARK, stackSummary, stderrNetworkCause, stderrTail } from '../../harness/checks/util/stderr.ts';
import { stderrProcessLabel } from '../../harness/model/wire.ts';
import { WireTapRecorder } from '../../harness/session/wire-tap.ts';
import { makeObservation } from '../helpers/check-tester.ts';

const tail = (text: string) => stderrTail(makeObservation({ wire: { ...makeObservation().wire, stderrTail: text } }));

describe('stderrTail', () => {
  it('drops each escape or control sequence whole (7-bit and 8-bit), a sequence spanning a line feed too, and applies backspace', () => {
    expect(tail('a\u001b]0;title\u0007b\r\nc\u001b(Bd\n\u009d0;t\u009ce\u001bPq\u001b\\f\ngX\bh\n')).toEqual(['ab', 'cd', 'ef', 'gh']);
    // an OSC left open over a line feed hides the lines it spans, as in a terminal and in the env mask's view
    expect(tail('start\u001b]0;one\ntwo\u0007 end\nlast')).toEqual(['start end', 'last']);
    // unterminated at the end: the rest is hidden
    expect(tail('shown\nhidden\u001b]0;to the end\nand more')).toEqual(['shown', 'hidden']);
  });
});

describe('stderrTail: stack traces', () => {
  // what Node 20 prints when a server's import cannot be resolved (a new user: ten frames, and not the error, shown)
  const NODE_ERROR = [
    'node:internal/modules/esm/resolve:873',
    '  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);',
    '        ^',
    '',
    "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'tsx' imported from /srv/index.js",
    ...Array.from({ length: 10 }, (_, i) => `    at frame${i} (node:internal/modules/esm/resolve:${i}:9)`),
    "  code: 'ERR_MODULE_NOT_FOUND'",
    '}',
    '',
    'Node.js v20.20.2',
  ].join('\n');
  it('keeps the first frames of a stack and counts the rest on one harness line, so the error line above is shown', () => {
    expect(tail(NODE_ERROR)).toEqual([
      'node:internal/modules/esm/resolve:873',
      '  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);',
      '        ^',
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'tsx' imported from /srv/index.js",
      '    at frame0 (node:internal/modules/esm/resolve:0:9)',
      '    at frame1 (node:internal/modules/esm/resolve:1:9)',
      stackSummary(8),
      "  code: 'ERR_MODULE_NOT_FOUND'",
      '}',
      'Node.js v20.20.2',
    ]);
  });
  it('leaves a short stack whole, and a server line that reads like the summary is marked as server text', () => {
    expect(tail('Error: boom\n    at a (x.js:1:1)\n    at b (x.js:2:2)\n')).toEqual(['Error: boom', '    at a (x.js:1:1)', '    at b (x.js:2:2)']);
    expect(tail(`${stackSummary(3)}\n`)).toEqual([`${SERVER_TEXT_MARK}${stackSummary(3)}`]);
  });
});

describe('stderrTail: what is masked', () => {
  const init = { probe: { id: 'p', check: 'protocol/version-negotiation', method: 'initialize', freshProcess: true }, request: { id: 'x', method: 'initialize', params: { protocolVersion: '1900-01-01', capabilities: {}, clientInfo: { name: 'mcp-harness', version: '0.1.0' } }, outcome: 'success', durationMs: 1 } };
  const call = (args: unknown) => ({ scenario: { name: 's', tool: 't', arguments: args, origin: 'generated', expect: 'success' }, request: { method: 'tools/call', params: { name: 't', arguments: args }, outcome: 'success', durationMs: 1 } });
  const shownWith = (text: string, extra: Record<string, unknown>) => stderrTail(makeObservation({ wire: { ...makeObservation().wire, stderrTail: text }, ...extra } as never));
  it("never masks the harness's own initialize params (its name in a sandbox path, sweep 17), but still a tool argument", () => {
    expect(shownWith('cwd /tmp/mcp-harness-sandbox-ad-hoc/work\n', { probes: [init] })).toEqual(['cwd /tmp/mcp-harness-sandbox-ad-hoc/work']);
    expect(shownWith('cwd /tmp/mcp-harness-sandbox-ad-hoc/work\n', { probes: [init], calls: [call({ q: 'mcp-harness' })] })).toEqual(['cwd /tmp/[value]-sandbox-ad-hoc/work']);
  });
});

describe("stderrTail: the harness's process labels (review of 41d6cd5)", () => {
  const recorded = (write: (tap: WireTapRecorder) => void, limit = 4096) => {
    const tap = new WireTapRecorder({ stderrLimitBytes: limit, keepFrames: 1 });
    write(tap);
    return tap.snapshot();
  };
  const shown = (wire: ReturnType<typeof recorded>, sent?: unknown) =>
    stderrTail(makeObservation({ wire: { ...makeObservation().wire, ...wire }, ...(sent === undefined ? {} : { calls: [callRecord(sent)] }) }));
  const callRecord = (args: unknown) => ({ scenario: { name: 's', tool: 't', arguments: args, origin: 'generated', expect: 'success' }, request: { method: 'tools/call', params: { name: 't', arguments: args }, outcome: 'success', durationMs: 1 } }) as never;

  it("with a process number, the lines that process wrote alone, without labels: a crash's finding shows its own process's stderr (sweep 17)", () => {
    const only = (wire: ReturnType<typeof recorded>, processNo: number) => stderrTail(makeObservation({ wire: { ...makeObservation().wire, ...wire } }), processNo);
    const wire = recorded((tap) => {
      const a = tap.stderrBoundary();
      tap.stderr('boot 1\nfatal: task NaN\n', a);
      const b = tap.stderrBoundary();
      tap.stderr('boot 2\n', b);
      tap.stderr('late 1\n', a); // the first process's last bytes, read after the second began writing
      const c = tap.stderrBoundary();
      tap.stderr('boot 3\nbye\n', c);
    });
    expect(wire.stderrOpenedBy).toBe(1);
    expect(only(wire, 1)).toEqual(['boot 1', 'fatal: task NaN', 'late 1']);
    expect(only(wire, 2)).toEqual(['boot 2']);
    expect(only(wire, 3)).toEqual(['boot 3', 'bye']);
    expect(only(wire, 4)).toEqual([]); // a process that wrote nothing shows nothing, never another's lines
    // without a number, the session's tail as before
    expect(shown(wire).at(-1)).toBe('bye');
    // labels not where the tap put them: no line is any process's
    expect(only({ ...wire, stderrTail: `x${wire.stderrTail}` }, 1)).toEqual([]);
  });

  it('shows a label where the tap put one, and the lines of each process below their own label', () => {
    const wire = recorded((tap) => {
      const a = tap.stderrBoundary();
      tap.stderr('probe: unknown method\n', a);
      const b = tap.stderrBoundary();
      tap.stderr('ready\nfatal: no config\n', b);
    });
    expect(shown(wire)).toEqual(['probe: unknown method', stderrProcessLabel(2), 'ready', 'fatal: no config']);
  });

  it("a server line that reads like a label is server text: marked, in one process's tail and in two, also once cleaned", () => {
    const forged = `${stderrProcessLabel(2)}\n`;
    const one = recorded((tap) => tap.stderr(`config ok\n${forged}fatal: crashed after restart\n\u001b[0m${forged}xy\b\b${forged}`, tap.stderrBoundary()));
    expect(one.stderrLabels).toBeUndefined();
    expect(shown(one)).toEqual(['config ok', `${SERVER_TEXT_MARK}${stderrProcessLabel(2)}`, 'fatal: crashed after restart', `${SERVER_TEXT_MARK}${stderrProcessLabel(2)}`, `${SERVER_TEXT_MARK}${stderrProcessLabel(2)}`]);
    const two = recorded((tap) => {
      tap.stderr('a\n', tap.stderrBoundary());
      tap.stderr(`b\n${forged}`, tap.stderrBoundary());
    });
    expect(shown(two)).toEqual(['a', stderrProcessLabel(2), 'b', `${SERVER_TEXT_MARK}${stderrProcessLabel(2)}`]);
  });

  it('labels take none of the byte limit nor of the lines shown, and trimming never cuts one', () => {
    // two processes alternating one-byte writes: every server byte fits the limit, whatever the labels
    const wire = recorded((tap) => {
      const a = tap.stderrBoundary();
      const b = tap.stderrBoundary();
      for (let i = 0; i < 100; i++) tap.stderr(i % 2 === 0 ? 'A' : 'B', i % 2 === 0 ? a : b);
    }, 100);
    expect(wire.stderrTail.replaceAll(/\[mcp-harness\][^\n]*\n|\n/g, '')).toBe('AB'.repeat(50));
    expect(wire.stderrLabels).toHaveLength(99);
    for (const { at, processNo } of wire.stderrLabels ?? []) expect(wire.stderrTail.startsWith(`${stderrProcessLabel(processNo)}\n`, at)).toBe(true);
    // past the limit the oldest server bytes go, whole runs first; the first run kept keeps its label
    const trimmed = recorded((tap) => {
      tap.stderr('first process line\n', tap.stderrBoundary());
      tap.stderr('0123456789\n', tap.stderrBoundary());
    }, 8);
    expect(trimmed.stderrTail).toBe(`${stderrProcessLabel(2)}\n3456789\n`);
    expect(shown(trimmed)).toEqual([stderrProcessLabel(2), '3456789']);
    // ten server lines are shown, with the labels among them and the one that names the first
    const many = recorded((tap) => {
      tap.stderr(Array.from({ length: 8 }, (_, i) => `a${i}`).join('\n'), tap.stderrBoundary());
      tap.stderr(Array.from({ length: 8 }, (_, i) => `b${i}`).join('\n'), tap.stderrBoundary());
    });
    expect(shown(many)).toEqual(['a6', 'a7', stderrProcessLabel(2), ...Array.from({ length: 8 }, (_, i) => `b${i}`)]);
    const lastOnly = recorded((tap) => {
      tap.stderr('a\n', tap.stderrBoundary());
      tap.stderr(Array.from({ length: 12 }, (_, i) => `b${i}`).join('\n'), tap.stderrBoundary());
    });
    expect(shown(lastOnly)).toEqual([stderrProcessLabel(2), ...Array.from({ length: 10 }, (_, i) => `b${i + 2}`)]);
  });

  it('a sent string that is a word of the label masks the server text only; a label with no line below it is dropped', () => {
    const wire = recorded((tap) => {
      tap.stderr('server got process\n', tap.stderrBoundary());
      tap.stderr('process: server\n', tap.stderrBoundary());
      tap.stderr(' \n', tap.stderrBoundary());
    });
    expect(shown(wire, { who: 'server', what: 'process' })).toEqual(['[value] got [value]', stderrProcessLabel(2), '[value]: [value]']);
  });

  it('labels that are not where the tap said are not taken for labels', () => {
    const wire = recorded((tap) => {
      tap.stderr('a\n', tap.stderrBoundary());
      tap.stderr('b\n', tap.stderrBoundary());
    });
    expect(shown({ ...wire, stderrTail: `x${wire.stderrTail}` })).toEqual(['xa', `${SERVER_TEXT_MARK}${stderrProcessLabel(2)}`, 'b']);
  });
});

describe('the network failure of stderr sticks however much follows it (a reviewer: 1 of 4 runs named it)', () => {
  const tapOf = (limit = 1024) => new WireTapRecorder({ stderrLimitBytes: limit, keepFrames: 1 });
  const cause = (wire: ReturnType<WireTapRecorder['snapshot']>, sent?: unknown) =>
    stderrNetworkCause(makeObservation({ wire: { ...makeObservation().wire, ...wire }, ...(sent === undefined ? {} : { calls: [{ scenario: { name: 's', tool: 't', arguments: sent, origin: 'generated', expect: 'success' }, request: { method: 'tools/call', params: { name: 't', arguments: sent }, outcome: 'timeout', durationMs: 1 } } as never] }) }));
  it('read as lines arrive: named after the line left the kept tail, split across chunks, behind colour codes, on a line not ended yet', () => {
    const tap = tapOf();
    const n = tap.stderrBoundary();
    tap.stderr('Error: getaddrinfo ENOT', n);
    tap.stderr('FOUND api.example.com\n', n);
    for (let i = 0; i < 200; i++) tap.stderr(`WARN retry ${i} of 9: waiting\n`, n);
    const wire = tap.snapshot();
    expect(wire.stderrTail).not.toContain('ENOTFOUND');
    expect(wire.stderrNetworkLines).toEqual(['Error: getaddrinfo ENOTFOUND api.example.com']);
    expect(cause(wire)).toContain('(ENOTFOUND)');
    const coloured = tapOf();
    coloured.stderr('\u001b[31mTypeError: fetch failed\u001b[0m\n', coloured.stderrBoundary());
    expect(cause(coloured.snapshot())).toContain('(fetch failed)');
    const open = tapOf();
    open.stderr('connect ECONNREFUSED 127.0.0.1:5432', open.stderrBoundary());
    expect(cause(open.snapshot())).toContain('(ECONNREFUSED)');
  });
  it('nothing named: no lines, and the cause sentence stays empty', () => {
    const tap = tapOf();
    tap.stderr('Loading config\nwaiting for the database lock\n', tap.stderrBoundary());
    const wire = tap.snapshot();
    expect(wire.stderrNetworkLines).toBeUndefined();
    expect(cause(wire)).toBe('');
  });
  it('a value the harness sent, logged by the server, names no failure (a reviewer: a search pattern "ECONNREFUSED")', () => {
    const tap = tapOf();
    tap.stderr('search_logs called with {"pattern":"ECONNREFUSED"}\n', tap.stderrBoundary());
    const wire = tap.snapshot();
    expect(cause(wire, { pattern: 'ECONNREFUSED' })).toBe('');
    expect(cause(wire)).toContain('(ECONNREFUSED)'); // nothing sent: the server's own line
    // a real failure after the logged value is still named
    tap.stderr('Error: getaddrinfo EAI_AGAIN logs.example.com\n');
    expect(cause(tap.snapshot(), { pattern: 'ECONNREFUSED' })).toContain('(EAI_AGAIN)');
  });
  it('what is kept does not hang on how the pipe split the bytes: a line is its first 4,096 characters', () => {
    const text = `${'x'.repeat(5000)}getaddrinfo ENOTFOUND host\nconnect ECONNREFUSED 127.0.0.1:1\n`;
    const named = (cuts: number[]) => {
      const tap = tapOf(1 << 20);
      const n = tap.stderrBoundary();
      let from = 0;
      for (const cut of [...cuts, text.length]) {
        tap.stderr(text.slice(from, cut), n);
        from = cut;
      }
      return cause(tap.snapshot());
    };
    const whole = named([]);
    expect(whole).toContain('(ECONNREFUSED)'); // the ENOTFOUND sits past the first line's 4,096 characters
    for (const cuts of [[5030], [4090, 4100], [1, 2, 3], [5026]]) expect(named(cuts), String(cuts)).toBe(whole);
  });
});
