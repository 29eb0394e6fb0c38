// A contract module that exports nothing the harness can use as tool definitions (test/e2e/broken-contract.test.ts).
export const VERSION = '1.0.0';
export function helpers() {
  return 'not a tool definition';
}
