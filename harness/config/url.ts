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
