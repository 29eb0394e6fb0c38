/**
 * Pairing advertised tools with their contract entries, for the checks that compare the two.
 */
import type { Contract, ContractTool } from '../../model/contract.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { ListedTool } from '../../model/protocol.ts';

/**
 * The listed tools as a contract is compared with them: `contractComparison.tools` (the values the surface was given on
 * purpose masked, as its lock records them) where the run set one, else the listing's tools; undefined without a listing.
 */
export function advertisedForContract(observation: SurfaceObservation): ListedTool[] | undefined {
  return observation.listing ? (observation.contractComparison?.tools ?? observation.listing.tools) : undefined;
}

/** The contract as it is compared with `advertisedForContract`: `contractComparison.contract` where the run set one, else `contract`. */
export function comparedContract(observation: SurfaceObservation): Contract | undefined {
  return observation.contractComparison?.contract ?? observation.contract;
}

/** Each advertised tool that its contract declares, with that contract entry (advertised order; `advertisedForContract`). O(n). */
export function contractPairs(observation: SurfaceObservation): Array<[ContractTool, ListedTool]> {
  const byName = new Map((comparedContract(observation)?.tools ?? []).map((t) => [t.name, t]));
  return (advertisedForContract(observation) ?? []).flatMap((tool): Array<[ContractTool, ListedTool]> => {
    const contractTool = byName.get(tool.name);
    return contractTool ? [[contractTool, tool]] : [];
  });
}
