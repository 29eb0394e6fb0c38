/**
 * The contract as the checks must read it: through the surface's env mask (harness/session/env-mask.ts), as
 * what the server says is. The mask replaces a value of the harness's environment in every server line before
 * any check sees it, a lowercase word of 6 to 16 letters where it stands as a token (NODE_ENV=production masks
 * "Deploys to production." in a description); the contract (the project's own module or lock) held the word as
 * written, so a server that advertised exactly its contract differed from it (a review: tools/advertised-metadata,
 * tools/input-narrowing and contract/version-lock errors on a conformant server). Both sides masked alike, a
 * real change beside a masked value still differs.
 */
import type { Contract } from '../model/contract.ts';
import { hashToolSchemas } from '../contract/hash.ts';
import type { EnvMask } from '../session/env-mask.ts';
import { withMaskedStrings } from './given-mask.ts';

/**
 * `contract` with its tools (and a lock's serverInfo) masked by `mask` as a server line is: each serialised as one
 * JSON line through `mask.line` (so an identifier standing as a whole JSON string, an enum member, stays as the
 * server's would), then parsed back; a lock's `schemaHash` is that of the masked tools. The same object when the
 * mask changes nothing (or its output is no longer JSON, which a server line's mask would not parse either). Pure.
 */
export function maskedContract(contract: Contract, mask: EnvMask): Contract {
  if (mask.empty) return contract;
  const through = <T>(value: T): T => {
    const text = JSON.stringify(value);
    const masked = mask.line(text);
    if (masked === text) return value;
    try {
      return JSON.parse(masked) as T;
    } catch {
      return value;
    }
  };
  const tools = through(contract.tools);
  const serverInfo = contract.serverInfo === undefined ? undefined : through(contract.serverInfo);
  if (tools === contract.tools && serverInfo === contract.serverInfo) return contract;
  const out: Contract = { ...contract, tools };
  if (serverInfo !== undefined) out.serverInfo = serverInfo;
  if (contract.schemaHash !== undefined && tools !== contract.tools) out.schemaHash = hashToolSchemas(tools);
  return out;
}

/**
 * `contract` with the values the surface was given on purpose masked in every string and key of its tools (`mask`:
 * ./given-mask.ts `givenValuesMask`), as `snapshot` records them (its serverInfo is recorded as negotiated, and so
 * compared); a lock's `schemaHash` is that of the masked tools. The same object when nothing was masked. Pure.
 */
export function givenMasked(contract: Contract, mask: EnvMask): Contract {
  const tools = withMaskedStrings(contract.tools, mask);
  if (tools === contract.tools) return contract;
  return { ...contract, tools, ...(contract.schemaHash !== undefined ? { schemaHash: hashToolSchemas(tools) } : {}) };
}
