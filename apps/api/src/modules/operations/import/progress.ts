/**
 * The progress line of an import on stderr: records done, the rate, and the time left estimated
 * from the share of the source's bytes read so far (counting the records first would read the
 * whole source twice). On a terminal the one line is rewritten; into a file or a pipe a line is
 * written after the first batch, then at most every few seconds, and once the source is read.
 */
export interface Progress {
  /** After each batch: records done in all, and bytes of the source read in all. */
  update(records: number, bytesRead: number, label: string): void;
  /** A line for the files step: files done out of the total. */
  files(done: number, total: number): void;
  /** While the files step waits for files another run holds, or held when it was stopped. */
  held(files: number, lapsesInMs: number): void;
  /** Ends the line on a terminal before the summary is printed. */
  done(): void;
}

const LINE_INTERVAL_MS = 5_000;
const TTY_INTERVAL_MS = 200;

const duration = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function createProgress(options: {
  write: (text: string) => void;
  tty: boolean;
  totalBytes: number;
  clock?: () => number;
}): Progress {
  const clock = options.clock ?? Date.now;
  const started = clock();
  let lastShown: number | null = null;
  let width = 0;
  let finalShown = -1;
  const show = (line: string, force = false) => {
    const now = clock();
    if (!force && lastShown !== null && now - lastShown < (options.tty ? TTY_INTERVAL_MS : LINE_INTERVAL_MS)) return;
    lastShown = now;
    if (options.tty) {
      options.write(`\r${line.padEnd(width)}`);
      width = line.length;
    } else {
      options.write(`${line}\n`);
    }
  };
  return {
    update(records, bytesRead, label) {
      const seconds = (clock() - started) / 1000;
      const rate = seconds > 0 ? Math.round(records / seconds) : 0;
      const share = options.totalBytes > 0 ? Math.min(1, bytesRead / options.totalBytes) : 1;
      const left = share > 0 && share < 1 ? `, about ${duration((seconds * (1 - share)) / share)} left` : '';
      // The line that says the whole source was read is always shown: it holds the final count. The
      // last batch and the end of the file both report it: the same count is shown once.
      const final = share === 1 && records !== finalShown;
      if (final) finalShown = records;
      show(`import: ${records} records done (${label}), ${rate}/s, ${Math.floor(share * 100)} % of the source read${left}`, final);
    },
    files(done, total) {
      show(`import: ${done} of ${total} files done`, done === total);
    },
    held(files, lapsesInMs) {
      show(
        `import: waiting for ${files} files another import run holds, or held when it was stopped ` +
          `(their claim lapses in ${duration(lapsesInMs / 1000)} at most)`,
      );
    },
    done() {
      if (options.tty && width) options.write('\n');
      width = 0;
    },
  };
}
