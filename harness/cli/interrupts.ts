/**
 * What the run command does on SIGINT/SIGTERM/SIGHUP (README.md §The report, docs/reports.md). While the servers run:
 * the first signal stops the run (`abort`: every server tree is killed, the partial report is written, marked
 * interrupted); the second kills every tree left and leaves at once, without a report (`killAll`, `exit(2)`). Once
 * the run returned (`reporting()`: no server is left, the report is being written, a matter of milliseconds), a signal
 * no longer cuts the writing short: a double Ctrl-C used to leave some report files written and others not (or the
 * previous run's) while stderr said no report was written. The first such signal says the report is being written;
 * another one leaves at once, saying the report files may be incomplete.
 */

/** What an interrupt acts on: the run's abort, the sweep of every server tree, the process exit and stderr. */
export interface InterruptActions {
  abort: () => void;
  killAll: () => void;
  exit: (code: number) => void;
  write: (line: string) => void;
}

/** The handler to install for every interrupt signal, and `reporting`, called once the run returned. */
export interface InterruptHandler {
  onSignal: () => void;
  reporting: () => void;
}

/** The run command's interrupt handler over `actions` (see the module doc). Pure state; never throws. */
export function createInterruptHandler(actions: InterruptActions): InterruptHandler {
  let aborted = false;
  let reporting = false;
  let heardWhileReporting = false;
  return {
    reporting: () => {
      reporting = true;
    },
    onSignal: () => {
      if (!aborted && !reporting) {
        aborted = true;
        return actions.abort();
      }
      if (reporting && !heardWhileReporting) {
        heardWhileReporting = true;
        return actions.write('mcp-harness: every server has stopped; the report is being written (interrupt again to stop without finishing it)\n');
      }
      if (reporting) {
        actions.write('mcp-harness: interrupted again: the report files may be incomplete\n');
        return actions.exit(2);
      }
      actions.write('mcp-harness: interrupted again: every server process is killed and the run stops without a report\n');
      actions.killAll();
      actions.exit(2);
    },
  };
}
