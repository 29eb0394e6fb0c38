/** URL syntax shared by the config schema and the command line (no zod: the CLI's start-up path reads it). */

/** An absolute http(s) URL once `${port}` is filled in (a surface's `url`, `run --url`). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.replaceAll('${port}', '1'));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Whether a URL's host is the loopback interface: `localhost` (and `*.localhost`, RFC 6761 §6.3), an IPv4 address in
 * 127.0.0.0/8, or `[::1]`. `${port}` may still be in it. False for a value that is no URL.
 */
export function isLoopbackUrl(value: string): boolean {
  let host: string;
  try {
    host = new URL(value.replaceAll('${port}', '1')).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
