/** The env mask (issue 15 item 7): harness values the surface was not given never pass, given ones do. */
import { describe, expect, it } from 'vitest';
import { createEnvMask } from '../../harness/session/env-mask.ts';

describe('createEnvMask', () => {
  const mask = createEnvMask({ CI_TOKEN: 'tok-123456789', SHORT: 'abc', GIVEN: 'given-value', PWD: '/work/project' }, ['given-value', '/work/project/server']);

  it('masks values the surface was not given, in text, strings and keys (also \\u-escaped ones after parsing)', () => {
    expect(mask.text('name tok-123456789 x')).toBe('name [masked:CI_TOKEN] x');
    const parsed = JSON.parse('{"tools":[{"name":"\\u0074ok-123456789","tok-123456789":1}]}');
    expect(JSON.stringify(mask.value(parsed))).toBe('{"tools":[{"name":"[masked:CI_TOKEN]","[masked:CI_TOKEN]":1}]}');
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
    expect(JSON.stringify(m.value(JSON.parse('{"silently":"silent","k":"silentx"}')))).toBe('{"silently":"[masked:npm_config_loglevel]","k":"silentx"}');
    // a reviewer's cases: mixed case or a long run of letters is masked anywhere; a JSON escape before a word is a boundary
    expect(m.text('getCorrectHorseBatteryStaple2 getcorrecthorsebatterystaples')).toBe('get[masked:PW]2 get[masked:LONG]s');
    expect(m.text('{"d":"key:\\nsilent"}')).toBe('{"d":"key:\\n[masked:npm_config_loglevel]"}');
  });

  it('replaces in one pass, longest value first: overlapping values and values inside a label are never masked twice', () => {
    const m = createEnvMask({ W: 'abcdefgh', T: 'h-12345', CFG: 'config', MASKED: 'maskedx1' }, []);
    expect(m.text('abcdefgh-12345')).toBe('[masked:W]-12345');
    expect(m.text('abcdefgh_h-12345')).toBe('[masked:W]_[masked:T]');
    const npm = createEnvMask({ npm_config_loglevel: 'silent-mode', CFG: 'config' }, []);
    expect(npm.text('silent-mode config')).toBe('[masked:npm_config_loglevel] [masked:CFG]');
  });
});
