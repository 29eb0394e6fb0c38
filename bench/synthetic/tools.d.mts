/** Types of ./tools.mjs (the synthetic surface's deterministic tools). */

/** A synthetic Tool object as `tools/list` advertises it. */
export interface SyntheticTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: true; openWorldHint: false };
}

/** How many tools the synthetic surface serves by default (1,000). */
export const SYNTHETIC_TOOL_COUNT: number;
/** Tools per `tools/list` page (100). */
export const SYNTHETIC_PAGE_SIZE: number;
/** Tool name of index `i` (`synthetic_0000`...). */
export function toolName(i: number): string;
/** The inputSchema of tool `i`. */
export function inputSchema(i: number): Record<string, unknown>;
/** The outputSchema of tool `i`. */
export function outputSchema(i: number): Record<string, unknown>;
/** The Tool object of index `i`. */
export function syntheticTool(i: number): SyntheticTool;
/** Every synthetic tool, in index order. */
export function syntheticTools(count?: number): SyntheticTool[];
/** The structuredContent of tool `i`: valid for its outputSchema unless `broken`. */
export function structuredResult(i: number, broken?: boolean): Record<string, unknown>;
/** Arguments valid for `inputSchema(i)`, every property set. */
export function sampleArguments(i: number): Record<string, unknown>;
/** Is tool `i` among the `brokenPercent` % with broken results? */
export function isBroken(i: number, brokenPercent: number): boolean;
