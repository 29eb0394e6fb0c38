/**
 * The reporters' public API: the registry, the multiplexer and each pure renderer.
 */
export type { FileReporter, Reporter, ReporterContext, StdoutReporter } from './types.ts';
export { BUILTIN_REPORTERS, ALWAYS_WRITTEN, resolveReporters, type ReporterRegistry } from './registry.ts';
export { writeReports, resolveOutputPath, type WriteReportsOptions, type WriteReportsResult, type ConsoleStream } from './write.ts';
export { renderConsole, consoleReporter } from './console.ts';
export { renderJson, jsonReporter } from './json.ts';
export { renderMarkdown, markdownReporter } from './markdown.ts';
export { renderJunit, junitReporter } from './junit.ts';
export { renderSarif, sarifLog, sarifReporter, FINGERPRINT_KEY, SARIF_SCHEMA_URI } from './sarif.ts';
export { renderHtml, htmlReporter, scriptJson } from './html.ts';
export { checkAnchor, checkDocsUrl, DEFAULT_DOCS_URL, HARNESS_INFORMATION_URI } from './links.ts';
export { safeText, oneLine, escapeHtml, escapeMarkdown, formatDuration } from './text.ts';
