/**
 * The run's final pass over what a report shows (env-mask.ts, `display`): every finding's message, pointer, tool,
 * evidence (deep: strings and keys) and stderr lines, and the surface's entry (tool names, scenario names,
 * serverInfo, protocol version), masked case-insensitively. The session masks what a server says as it arrives;
 * the harness then transforms it (a JSON pointer joins keys with `/`, a media type is lower-cased, ajv quotes a schema
 * number), which can rebuild a value the mask never saw whole. This pass sees the text as shown. It runs where the
 * findings are made (run/surface.ts), after every check, so it never changes what the harness sent or compared. Its
 * mask (session/transports.ts `displayMask`) also masks the credentials the surface was given (variables and headers
 * whose name marks a credential: `--env-pass GITHUB_TOKEN`, `X-Api-Key`), which the session leaves as they are.
 */
import type { EnvMask } from '../session/env-mask.ts';
import type { Finding, ReportSurface } from '../model/report.ts';

/** `value` with every string and object key masked by `mask` (arrays and plain objects walked; anything else kept). */
export function maskDeep<T>(value: T, mask: (s: string) => string): T {
  if (typeof value === 'string') return mask(value) as T;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, mask)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [mask(k), maskDeep(v, mask)])) as T;
  }
  return value;
}

/**
 * `text` masked (`display`), and when it holds JSON pointer escapes (`~1` for `/`, `~0` for `~`: ajv's instance paths,
 * finding pointers) also read unescaped: a secret holding `/` split into keys, one of which holds a `/` too, is written
 * `a~1b/c`. When the unescaped reading holds a value, that reading is returned masked (its other escapes lost: the
 * text only ever names a secret then).
 */
export function displayPointerText(text: string, mask: EnvMask): string {
  const shown = mask.display(text);
  if (!shown.includes('~')) return shown;
  const unescaped = shown.replace(/~1/g, '/').replace(/~0/g, '~');
  const again = mask.display(unescaped);
  return again === unescaped ? shown : again;
}

/** One finding as shown: message, pointer, tool, evidence and stderr lines masked (`display`); the rest kept. */
export function maskFinding(finding: Finding, mask: EnvMask): Finding {
  if (mask.empty) return finding;
  const show = (s: string) => mask.display(s);
  const out: Finding = { ...finding, message: displayPointerText(finding.message, mask) };
  if (finding.pointer !== undefined) out.pointer = displayPointerText(finding.pointer, mask);
  if (finding.tool !== undefined) out.tool = show(finding.tool);
  if (finding.evidence !== undefined) out.evidence = maskDeep(finding.evidence, show);
  if (finding.stderr !== undefined) out.stderr = finding.stderr.map(show);
  return out;
}

/** A surface's report entry as shown: tool names, scenario names, serverInfo and protocol version masked (`display`). */
export function maskReportSurface(surface: ReportSurface, mask: EnvMask): ReportSurface {
  if (mask.empty) return surface;
  const show = (s: string) => mask.display(s);
  return {
    ...surface,
    ...(surface.protocolVersion !== undefined ? { protocolVersion: show(surface.protocolVersion) } : {}),
    ...(surface.serverInfo !== undefined ? { serverInfo: maskDeep(surface.serverInfo, show) } : {}),
    tools: surface.tools.map((t) => ({ ...t, name: show(t.name), calls: t.calls.map((c) => ({ ...c, scenario: show(c.scenario) })) })),
  };
}
