/**
 * The report layer's public API: build, ids, threshold, baseline, shards, merge.
 * Reporters live in ../reporters/ and only read what this layer produces.
 */
export { buildReport, finalizeFindings, stripValues, type BuildReportInput } from './build.ts';
export { findingId, findingKey, assignIds, FINDING_ID_LENGTH } from './ids.ts';
export { compareFindings, comparePointers, sortFindings } from './order.ts';
export { summarize, countBySeverity } from './summary.ts';
export { exitCodeFor, meetsThreshold, type ThresholdOptions } from './threshold.ts';
export { applyBaseline, BASELINE_STALE_META, type BaselineResult } from './baseline.ts';
export {
  createBaseline,
  parseBaseline,
  readBaseline,
  writeBaseline,
  DEFAULT_BASELINE_FILE,
  DEFAULT_BASELINE_REASON,
  type Baseline,
  type BaselineEntry,
} from './baseline-file.ts';
export { parseShard, shardProblem, inShard, shardBucket, callShardId, selectShard, type Shard } from './shard.ts';
export { mergeReports, mergeReportFiles, majorOf, readReportFile, parseReport } from './merge.ts';
export { ReportError, type ReportErrorCode } from './errors.ts';
export { REPORT_SCHEMA_VERSION, SEVERITY_RANK } from '../model/report.ts';
