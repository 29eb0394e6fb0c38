/**
 * Pairing advertised tools with their contract entries, for the checks that compare the two.
 */
import type { ContractTool } from '../../model/contract.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { ListedTool } from '../../model/protocol.ts';

/** Each advertised tool that its contract declares, with that contract entry (advertised order). O(n). */
export function contractPairs(observation: SurfaceObservation): Array<[ContractTool, ListedTool]> {
  const byName = new Map((observation.contract?.tools ?? []).map((t) => [t.name, t]));
  return (observation.listing?.tools ?? []).flatMap((tool): Array<[ContractTool, ListedTool]> => {
    const contractTool = byName.get(tool.name);
    return contractTool ? [[contractTool, tool]] : [];
  });
}
