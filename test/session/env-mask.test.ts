/** The env mask (issue 15 item 7): harness values the surface was not given never pass, given ones do. */
import { withMaskedStrings } from '../../harness/run/given-mask.ts';
import { describe, expect, it } from 'vitest';
import { createEnvMask } from '../../harness/session/env-mask.ts';

describe('createEnvMask', () => {
  const mask = createEnvMask({ CI_TOKEN: 'tok-123456789', SHORT: 'abc', GIVEN: 'given-value', PWD: '/work/project' }, ['given-value', '/work/project/server']);

  it('masks values the surface was not given, in text, strings and keys (also \\u-escaped ones, decoded)', () => {
    expect(mask.text('name tok-123456789 x')).toBe('name [masked:CI_TOKEN] x');
    expect(mask.line('{"tools":[{"name":"\\u0074ok-123456789","tok-123456789":1}]}')).toBe('{"tools":[{"name":"[masked:CI_TOKEN]","[masked:CI_TOKEN]":1}]}');
  });

  // the decode pass is skipped for a line whose escapes all decode to a character no value holds (a result whose text is
  // JSON.stringify'd JSON: only \" escapes); an escape that decodes to a character some value holds still takes it
  it('skips the decode pass only where no escape can hide a value, and still masks every form', () => {
    const m = createEnvMask({ AWS: 'wJalrXUtnFEMI/K7MDENG/bPx', PW: 'Zq"9canaryPW', TOKEN: 'tok-123456789' }, []);
    // a value between \" escapes: the raw pass sees it
    expect(m.line('{"text":"{\\"k\\":\\"tok-123456789\\"}"}')).toBe('{"text":"{\\"k\\":\\"[masked:TOKEN]\\"}"}');
    // a value holding "/", written with \/ beside \" escapes: the \/ escape may hide it
    expect(m.line('{"text":"{\\"k\\":\\"wJalrXUtnFEMI\\/K7MDENG\\/bPx\\"}"}')).toBe('{"text":"{\\"k\\":\\"[masked:AWS]\\"}"}');
    // a value holding a quote, written \": the \" escape may hide it
    expect(JSON.parse(m.line(JSON.stringify({ text: 'x Zq"9canaryPW y' }))).text).toBe('x [masked:PW] y');
    // without a value holding a quote, a \"-only line is left to the raw pass (nothing to decode)
    const plain = createEnvMask({ TOKEN: 'tok-123456789' }, []);
    expect(plain.line('{"text":"{\\"a\\":\\"tok-1234\\"}"}')).toBe('{"text":"{\\"a\\":\\"tok-1234\\"}"}');
    expect(JSON.parse(plain.line(JSON.stringify({ text: JSON.stringify({ k: 'tok-123456789' }) }))).text).toBe('{"k":"[masked:TOKEN]"}');
  });

  it('reads values literally: regular-expression characters in a value match only themselves', () => {
    const mask = createEnvMask({ SPECIAL: 'a.b*c(d)[e]|f\\g$^', PLAIN: 'secret-value' }, []);
    expect(mask.text('x aXbbc(d)[e]|f\\g$^ y')).toBe('x aXbbc(d)[e]|f\\g$^ y');
    expect(mask.text('x a.b*c(d)[e]|f\\g$^ y')).toBe('x [masked:SPECIAL] y');
    expect(mask.text('nothing here')).toBe('nothing here');
    expect(mask.text('secret-value and secret-value')).toBe('[masked:PLAIN] and [masked:PLAIN]');
  });

  it('keeps short values, values the surface was given and values inside what it was given', () => {
    expect(mask.text('abc given-value /work/project/x')).toBe('abc given-value /work/project/x');
    expect(createEnvMask({ A: 'abcdefgh' }, ['xabcdefghx']).empty).toBe(true);
  });

  it("never masks what the harness itself sends (npm sets npm_package_name=mcp-harness), but still masks a longer secret", () => {
    const m = createEnvMask({ npm_package_name: 'mcp-harness', SECRET: 'mcp-harness-secret-42' }, []);
    expect(m.text('{"clientInfo":{"name":"mcp-harness"}}')).toBe('{"clientInfo":{"name":"mcp-harness"}}');
    expect(m.text('leak mcp-harness-secret-42')).toBe('leak [masked:SECRET]');
  });

  it('masks a lowercase word (6-16 letters) only as a token of its own, never inside a longer word; any other value wherever it occurs', () => {
    // `npm run -s` puts npm_config_loglevel=silent in the environment: "succeed silently" in a tool description was
    // masked, and the repository's main job drew a false tools/advertised-metadata error (its contract says "silently")
    const m = createEnvMask({ npm_config_loglevel: 'silent', DEBIAN_FRONTEND: 'noninteractive', TOKEN: 'tok-123456789', PW: 'CorrectHorseBatteryStaple', LONG: 'correcthorsebatterystaple' }, []);
    const description = 'If the directory already exists, this operation will succeed silently.';
    expect(m.text(description)).toBe(description);
    expect(m.text('{"mode":"silent"} silent; (silent)')).toBe('{"mode":"[masked:npm_config_loglevel]"} [masked:npm_config_loglevel]; ([masked:npm_config_loglevel])');
    expect(m.text('a noninteractive shell, noninteractively')).toBe('a [masked:DEBIAN_FRONTEND] shell, noninteractively');
    expect(m.text('gettok-123456789 x-tok-123456789')).toBe('get[masked:TOKEN] x-[masked:TOKEN]');
    // a whole JSON string equal to a word is an identifier: left for what the harness sends, masked at output (display)
    expect(m.line('{"silently":"silent","k":"silentx"}')).toBe('{"silently":"silent","k":"silentx"}');
    expect(m.line('{"silently":"mode silent","k":"silentx"}')).toBe('{"silently":"mode [masked:npm_config_loglevel]","k":"silentx"}');
    expect(m.display('silent')).toBe('[masked:npm_config_loglevel]');
    expect(m.line('{"silently":"\\u0073ilent","k":"\\u0073ilentx"}')).toBe('{"silently":"\\u0073ilent","k":"\\u0073ilentx"}');
    expect(m.line('{"silently":"a \\u0073ilent","k":"\\u0073ilentx"}')).toBe('{"silently":"a [masked:npm_config_loglevel]","k":"\\u0073ilentx"}');
    // a reviewer's cases: mixed case or a long run of letters is masked anywhere; a JSON escape before a word is a boundary
    expect(m.text('getCorrectHorseBatteryStaple2 getcorrecthorsebatterystaples')).toBe('get[masked:PW]2 get[masked:LONG]s');
    expect(m.text('{"d":"key:\\nsilent"}')).toBe('{"d":"key:\\n[masked:npm_config_loglevel]"}');
    // `_` and `-` join an identifier's words: a tool named deploy_production (NODE_ENV=production in CI) keeps its name,
    // in what the harness reads and sends back and in what the reports show; the word alone is still masked
    const env = createEnvMask({ NODE_ENV: 'production' }, []);
    for (const name of ['deploy_production', 'deploy-production', 'production_db', 'pre-production-2']) {
      expect(env.line(`{"name":"${name}"}`)).toBe(`{"name":"${name}"}`);
      expect(env.display(name)).toBe(name);
    }
    expect(env.line('{"d":"Deploys to production. (production)"}')).toBe('{"d":"Deploys to [masked:NODE_ENV]. ([masked:NODE_ENV])"}');
    expect(env.display('env: production/eu')).toBe('env: [masked:NODE_ENV]/eu');
  });

  it('replaces in one pass, longest value first: overlapping values and values inside a label are never masked twice', () => {
    const m = createEnvMask({ W: 'abcdefgh9', T: '9-12345', CFG: 'config', MASKED: 'maskedx1' }, []);
    expect(m.text('abcdefgh9-12345')).toBe('[masked:W]-12345');
    expect(m.text('abcdefgh9_9-12345')).toBe('[masked:W]_[masked:T]');
    const npm = createEnvMask({ npm_config_loglevel: 'silent-mode', CFG: 'config' }, []);
    expect(npm.text('silent-mode config')).toBe('[masked:npm_config_loglevel] [masked:CFG]');
  });

  // the hostile-server review (B1): a secret spelled with JSON escapes other than \u reached every report
  describe('escaped JSON string literals (a line is masked as decoded too)', () => {
    const aws = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const db = 'Zq"9canaryPW\\x';
    const ctl = 'tab\tin-secret-1';
    const m = createEnvMask({ AWS_SECRET_ACCESS_KEY: aws, DB_PASSWORD: db, CTL: ctl, GIVEN: 'giv/en-value-42' }, ['giv/en-value-42']);
    const parsedLine = (line: string) => JSON.parse(m.line(line)) as unknown;

    it("masks a value spelled with '\\/' (valid JSON for '/'): the raw line never holds it", () => {
      const line = `{"name":${JSON.stringify(`aws-${aws}`).replace(/\//g, '\\/')}}`;
      expect(line).not.toContain(aws);
      expect(parsedLine(line)).toEqual({ name: 'aws-[masked:AWS_SECRET_ACCESS_KEY]' });
    });

    it('masks a value holding characters JSON must escape (\'"\', \'\\\\\', a control), written by JSON.stringify, in strings and keys', () => {
      const line = JSON.stringify({ [`k-${db}`]: `db-${db}`, c: `x ${ctl} y`, list: [db] });
      expect(line).not.toContain(db);
      expect(parsedLine(line)).toEqual({ 'k-[masked:DB_PASSWORD]': 'db-[masked:DB_PASSWORD]', c: 'x [masked:CTL] y', list: ['[masked:DB_PASSWORD]'] });
    });

    it('masks every escape spelling: \\u for each character, \\/, escapes beside other escapes', () => {
      const unicode = `"${[...aws].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`;
      expect(parsedLine(`[${unicode},"a\\nb ${aws.replace(/\//g, '\\/')}\\t"]`)).toEqual(['[masked:AWS_SECRET_ACCESS_KEY]', 'a\nb [masked:AWS_SECRET_ACCESS_KEY]\t']);
    });

    it('leaves a literal without a masked value byte for byte (its escapes kept), and a value the surface was given', () => {
      const line = '{"d":"a\\/b \\"q\\" \\u00e9","g":"giv\\/en-value-42"}';
      expect(m.line(line)).toBe(line);
    });

    it('keeps a line with no backslash, control or invisible character on the scan as written (same string back)', () => {
      const line = '{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"echo","description":"a/b \\u00e9"}]}}'.replace('\\u00e9', 'é');
      expect(m.line(line)).toBe(line);
      expect(m.line(`{"n":"${aws}"}`)).toBe('{"n":"[masked:AWS_SECRET_ACCESS_KEY]"}');
    });

    it('decodes only JSON string literals: quoted runs of a non-JSON line that decode are masked, the rest as written', () => {
      expect(m.line(`log: "${aws.replace(/\//g, '\\/')}" and \\q ${aws}`)).toBe('log: "[masked:AWS_SECRET_ACCESS_KEY]" and \\q [masked:AWS_SECRET_ACCESS_KEY]');
      expect(m.line('"\\x unterminated')).toBe('"\\x unterminated');
    });

    it('lines: a stderr tail, each line\'s escaped literals decoded (a JSON log line), quotes never paired across lines', () => {
      const tail = `start "\n{"msg":${JSON.stringify(db)}}\n{"k":"${aws.replace(/\//g, '\\/')}"}\nend "`;
      expect(m.lines(tail)).toBe('start "\n{"msg":"[masked:DB_PASSWORD]"}\n{"k":"[masked:AWS_SECRET_ACCESS_KEY]"}\nend "');
    });
  });

  // the hostile-server review (B2): the stderr tail was masked, then cleaned (ANSI, controls, bidi removed), which
  // put a split secret back together
  describe("the reader's view (a value split by characters a later step strips or a renderer hides)", () => {
    const secret = 'hunter2-canary-XYZ';
    const m = createEnvMask({ MY_SECRET: secret, PASSPHRASE: 'correct horse battery', npm_config_loglevel: 'silent' }, []);
    const split = (sep: string) => `${secret.slice(0, 4)}${sep}${secret.slice(4)}`;

    it('masks a value split by an ANSI sequence, a C0 or C1 control, CR, a bidi control or an invisible character, the characters inside it too', () => {
      for (const sep of ['\u001b[0m', '\u001b[38;5;196m', '\u0001', '\u009b', '\r', '\u200e', '\u202e', '\u2066', '\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad', '\ufe0f', '\u{e0041}', '\u001b[0m\u0001\u200b']) {
        expect(m.text(`a ${split(sep)} b`), JSON.stringify(sep)).toBe('a [masked:MY_SECRET] b');
      }
    });

    // the hostile review 5 (steal-osc.mjs): a secret split by a sequence other than CSI showed whole in a terminal
    const SEQUENCES: Record<string, string> = {
      'OSC BEL': '\u001b]0;\u0007',
      'OSC ST': '\u001b]2;title\u001b\\',
      'charset ESC ( B': '\u001b(B',
      'ESC 7': '\u001b7',
      DCS: '\u001bP\u001b\\',
      SOS: '\u001bXx\u001b\\',
      PM: '\u001b^x\u001b\\',
      APC: '\u001b_x\u001b\\',
      'C1 CSI': '\u009b1;31m',
      'C1 OSC BEL': '\u009d0;t\u0007',
      'C1 OSC ST': '\u009d0;t\u009c',
      'C1 DCS': '\u0090q\u009c',
      'C1 SOS': '\u0098x\u009c',
      'C1 PM': '\u009ex\u009c',
      'C1 APC': '\u009fx\u009c',
      'C1 NEL': '\u0085',
      backspace: 'X\b',
      'two backspaces': 'XY\b\b',
      'backspace over an emoji': '😀\b',
      'line separator U+2028': '\u2028',
      'paragraph separator U+2029': '\u2029',
    };

    it('masks a value split by any escape or control sequence (7-bit and 8-bit) or a backspace overwrite, the sequence with it; harmless text kept', () => {
      for (const [kind, sep] of Object.entries(SEQUENCES)) {
        expect(m.text(`a ${split(sep)} b`), kind).toBe('a [masked:MY_SECRET] b');
        expect(m.display(`a ${split(sep)} b`), kind).toBe('a [masked:MY_SECRET] b');
        expect(JSON.parse(m.line(JSON.stringify({ name: split(sep) }))), kind).toEqual({ name: '[masked:MY_SECRET]' });
        expect(m.lines(`x\n${split(sep)}\ny`), kind).toBe('x\n[masked:MY_SECRET]\ny');
      }
      // a value not split, next to those sequences, masked; harmless text around them kept as it is
      for (const [kind, sep] of Object.entries(SEQUENCES)) {
        expect(m.text(`${sep}${secret}${sep} ok`), kind).toBe(`${sep}[masked:MY_SECRET]${sep} ok`);
        const harmless = `title ${sep}text${sep} more`;
        expect(m.text(harmless), kind).toBe(harmless);
      }
    });

    it('an 8-bit sequence: masked whether the terminal runs C1 controls or ignores them', () => {
      // run: U+009B 'e' would hide the 'e'; ignored: the text reads 'hunter2...' with the U+009B unseen
      expect(m.text(`a ${split('\u009b')} b`)).toBe('a [masked:MY_SECRET] b');
      expect(m.text(`a hunt\u009bXer2-canary-XYZ b`)).toBe('a [masked:MY_SECRET] b');
    });

    it('backspaces with nothing written after them: the terminal shows the line as written, so that view is masked too', () => {
      expect(m.text(`a ${split('\u001b]0;\u0007')}\b\b b`)).toBe('a [masked:MY_SECRET]\b\b b');
      expect(m.text(`${split('\u001b(B')}\b`)).toBe('[masked:MY_SECRET]\b');
    });

    it('masks a value whose space a tab or a line feed replaces (the console and one-line cells print both as a space)', () => {
      expect(m.text('pw correct\thorse\nbattery!')).toBe('pw [masked:PASSPHRASE]!');
    });

    it("masks in escaped literals' decoded strings too (\\u001b, \\u200b inside a JSON string)", () => {
      expect(JSON.parse(m.line(JSON.stringify({ name: split('\u001b[0m'), d: split('\u200b') })))).toEqual({ name: '[masked:MY_SECRET]', d: '[masked:MY_SECRET]' });
    });

    it('keeps text whose view holds no value unchanged, and word values only as tokens in the view', () => {
      const text = 'ok \u001b[1mbold\u001b[0m \u200bzw\ttab';
      expect(m.text(text)).toBe(text);
      expect(m.text('mode: sil\u200bent.')).toBe('mode: [masked:npm_config_loglevel].');
      expect(m.text('sil\u200bently')).toBe('sil\u200bently');
    });

    it('lines: the stderr tail of the review, every split spelling masked, the lines kept', () => {
      const tail = `plain: ${secret}\nansi: ${split('\u001b[0m')}\nctrl: ${split('\u0001')}\r\nbidi: ${split('\u200e')}\n`;
      expect(m.lines(tail)).toBe('plain: [masked:MY_SECRET]\nansi: [masked:MY_SECRET]\nctrl: [masked:MY_SECRET]\r\nbidi: [masked:MY_SECRET]\n');
    });
  });

  describe('review 3: false findings and the output pass', () => {
    it('never masks a purely numeric value (an id, a port, a timestamp): masked in a raw line it broke the JSON; a value with a letter is masked', () => {
      const m = createEnvMask({ GITHUB_REPOSITORY_ID: '706343427', NEG: '-1.5e10', TOKEN: '706343427x' }, []);
      expect(m.line('{"id":706343427,"t":-1.5e10}')).toBe('{"id":706343427,"t":-1.5e10}');
      expect(m.display('id 706343427')).toBe('id 706343427');
      expect(m.line('{"t":"706343427x"}')).toBe('{"t":"[masked:TOKEN]"}');
    });

    it('never masks a protocol revision, media type, method or header name the harness uses; a value containing one is masked', () => {
      const m = createEnvMask({ X: '2025-11-25', Y: 'application/json', Z: 'tools/call', W: 'mcp-protocol-version', S: '2025-11-25-s3cret', T: 'application/json+s3cret' }, []);
      expect(m.line('{"protocolVersion":"2025-11-25","m":"tools/call"}')).toBe('{"protocolVersion":"2025-11-25","m":"tools/call"}');
      expect(m.text('application/json')).toBe('application/json');
      expect(m.text('MCP-Protocol-Version')).toBe('MCP-Protocol-Version');
      expect(m.text('a 2025-11-25-s3cret b application/json+s3cret')).toBe('a [masked:S] b [masked:T]');
    });

    it('never masks a JSON Schema keyword or type name or a tool field name: AWS_PROFILE=default rewrote every "default" keyword of a lock', () => {
      const m = createEnvMask({ AWS_PROFILE: 'default', KIND: 'object', FIELD: 'inputSchema', S: 'default-s3cret' }, []);
      const schema = '{"inputSchema":{"type":"object","properties":{"a":{"type":"string","default":"default"}}}}';
      expect(m.line(schema)).toBe(schema);
      expect(m.display('uses the default profile; an object')).toBe('uses the default profile; an object');
      expect(withMaskedStrings(JSON.parse(schema), m)).toEqual(JSON.parse(schema));
      expect(m.text('a default-s3cret b')).toBe('a [masked:S] b');
    });

    it('masks each line of a multi-line value (a PEM key) however the lines are joined: CRLF, LF, a space', () => {
      const pem = '-----BEGIN KEY-----\nAAAAline1secretmaterial\nBBBBline2secretmaterial\n-----END KEY-----';
      const m = createEnvMask({ PEM: pem }, []);
      expect(m.lines(pem.replace(/\n/g, '\r\n'))).not.toMatch(/line[12]secret/);
      expect(m.lines(pem.replace(/\n/g, '\r\n'))).toBe('[masked:PEM]\r\n'.repeat(3) + '[masked:PEM]');
      expect(m.text(pem)).toBe('[masked:PEM]');
      expect(m.text('key AAAAline1secretmaterial BBBBline2secretmaterial')).toBe('key [masked:PEM] [masked:PEM]');
    });

    it('an identifier (GITHUB_EVENT_NAME=pull_request) standing as a whole JSON string is left as written by line (what the harness sends), masked anywhere else and by display', () => {
      const m = createEnvMask({ GITHUB_EVENT_NAME: 'pull_request', npm_config_loglevel: 'silent', TOKEN: 'a1b2c3d4e5f6' }, []);
      const enumLine = '{"enum":["push","pull_request"],"pull_request":1,"level":"silent"}';
      expect(m.line(enumLine)).toBe(enumLine);
      expect(m.line('{"enum":["pull\\u005frequest"]}')).toBe('{"enum":["pull\\u005frequest"]}');
      expect(m.line('{"d":"on pull_request events","e":"\\"pull_request\\""}')).toBe('{"d":"on [masked:GITHUB_EVENT_NAME] events","e":"\\"[masked:GITHUB_EVENT_NAME]\\""}');
      expect(m.text('pull_request')).toBe('[masked:GITHUB_EVENT_NAME]');
      expect(m.display('"pull_request" /PULL_REQUEST/x')).toBe('"[masked:GITHUB_EVENT_NAME]" /[masked:GITHUB_EVENT_NAME]/x');
      // a token is no identifier: masked as a whole JSON string too
      expect(m.line('{"enum":["a1b2c3d4e5f6"]}')).toBe('{"enum":["[masked:TOKEN]"]}');
    });

    it('display matches case-insensitively (an upper-cased lowercase token, a lower-cased upper-case one)', () => {
      const m = createEnvMask({ LOWER: '3f2a9c1e7b4d4e8a', UPPER: 'AKIAEXAMPLE42' }, []);
      expect(m.text('3F2A9C1E7B4D4E8A')).toBe('3F2A9C1E7B4D4E8A');
      expect(m.display('type 3F2A9C1E7B4D4E8A; akiaexample42')).toBe('type [masked:LOWER]; [masked:UPPER]');
    });
  });
});

describe('env mask: controls inside sequences, and the mixed terminal views (review of hostile review 5)', () => {
  const secret = 'sekrit-123456';
  const m = createEnvMask({ MY_TOKEN: secret }, []);
  it.each([
    ['BEL inside a CSI', 'sek\u001b[\u0007mrit-123456'],
    ['BEL inside a charset designation', 'sek\u001b(\u0007Brit-123456'],
    ['a backspace inside a CSI', 'sekX\u001b[1\bmrit-123456'],
    ['C1 ignored, backspace run', 'sek\u009brit-12345X\b6'],
  ])('%s: masked', (_, text) => {
    expect(m.text(text)).not.toMatch(/sek|123456/);
    expect(m.text(text)).toContain('[masked:MY_TOKEN]');
  });
  it('harmless text with a C0 inside a CSI keeps its letters', () => {
    expect(m.text('ok\u001b[\u0007mdone')).toBe('ok\u001b[\u0007mdone');
  });
});


describe('env mask: credentials the surface was given (`shown`: display only, the final pass; sweep 18)', () => {
  const harness = { CI_SECRET: 'ci-secret-value-1', GITHUB_TOKEN: 'ghp_Zx81kQ2mN4vB7cL0' };
  const spawnEnv = { GITHUB_TOKEN: 'ghp_Zx81kQ2mN4vB7cL0', API_KEY: 'ak-9f8e7d6c5b4a', LOG_LEVEL: 'verbose-mode' };
  const given = [...Object.values(spawnEnv), 'node', 'server.js'];
  const shown: [string, string][] = [['API_KEY', spawnEnv.API_KEY], ['GITHUB_TOKEN', spawnEnv.GITHUB_TOKEN]];
  const line = 'GET /search?api_key=ak-9f8e7d6c5b4a&level=verbose-mode: bad credentials for ghp_Zx81kQ2mN4vB7cL0 (ci-secret-value-1)';

  it('display masks them; text, line and lines (ingestion) do not: what the harness sends and judges is unchanged', () => {
    const m = createEnvMask(harness, given, shown);
    expect(m.display(line)).toBe('GET /search?api_key=[masked:API_KEY]&level=verbose-mode: bad credentials for [masked:GITHUB_TOKEN] ([masked:CI_SECRET])');
    expect(m.text(line)).toBe(line.replace('ci-secret-value-1', '[masked:CI_SECRET]'));
    expect(m.line(`{"text":"${line}"}`)).toBe(`{"text":"${line.replace('ci-secret-value-1', '[masked:CI_SECRET]')}"}`);
    expect(m.lines(`${line}\nnext`)).toBe(`${line.replace('ci-secret-value-1', '[masked:CI_SECRET]')}\nnext`);
    // the twin: without `shown`, display leaves them as before
    expect(createEnvMask(harness, given).display(line)).toBe(line.replace('ci-secret-value-1', '[masked:CI_SECRET]'));
  });

  it('display only, even when nothing is masked at ingestion: empty is false, text is the identity', () => {
    const m = createEnvMask({}, given, shown);
    expect(m.empty).toBe(false);
    expect(m.text(line)).toBe(line);
    expect(m.line(line)).toBe(line);
    expect(m.display('AK-9F8E7D6C5B4A')).toBe('[masked:API_KEY]');
    expect(createEnvMask({}, given, []).empty).toBe(true);
  });

  it('keeps the exemptions: shorter than 6 characters, numeric, a string the harness writes or the protocol fixes', () => {
    const m = createEnvMask({}, [], [['PIN_PASSWORD', '123456789'], ['SHORT_KEY', 'abcde'], ['ODD_TOKEN', '2025-11-25'], ['APP_KEY', 'key-abcdef-1']]);
    expect(m.display('123456789 abcde 2025-11-25 key-abcdef-1')).toBe('123456789 abcde 2025-11-25 [masked:APP_KEY]');
  });

  it('a value also held by a variable that marks no credential is masked all the same, under the credential\'s name', () => {
    const m = createEnvMask({}, ['ak-9f8e7d6c5b4a'], [['API_KEY', 'ak-9f8e7d6c5b4a']]);
    expect(m.display('client ak-9f8e7d6c5b4a')).toBe('client [masked:API_KEY]');
  });

  it("a value masked at ingestion keeps ingestion's label; equal credentials take the first name in sorted order", () => {
    const m = createEnvMask({ HEADER_COPY: 'tok-abcdef-123' }, [], [['B_TOKEN', 'tok-abcdef-123'], ['Z_KEY', 'zz-123456'], ['A_KEY', 'zz-123456']]);
    expect(m.display('tok-abcdef-123 zz-123456')).toBe('[masked:HEADER_COPY] [masked:A_KEY]');
  });

  it('masks the longest value first, across ingestion and given values', () => {
    const m = createEnvMask({ LONG_ONE: 'prefix-ak-9f8e7d6c5b4a-suffix' }, [], [['API_KEY', 'ak-9f8e7d6c5b4a']]);
    expect(m.display('prefix-ak-9f8e7d6c5b4a-suffix and ak-9f8e7d6c5b4a')).toBe('[masked:LONG_ONE] and [masked:API_KEY]');
  });
});
