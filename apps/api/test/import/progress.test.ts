import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/modules/operations/import/progress.js';

/** The progress line with a clock the test moves: what an operator sees on a terminal and in a log. */
function progress(tty: boolean) {
  let now = 0;
  const written: string[] = [];
  const p = createProgress({ write: (text) => void written.push(text), tty, totalBytes: 1000, clock: () => now });
  return { p, written, advance: (ms: number) => (now += ms) };
}

describe('the import progress line', () => {
  it('on a terminal rewrites one line with records, rate and time left, and ends it', () => {
    const { p, written, advance } = progress(true);
    advance(2000);
    p.update(500, 250, 'applications');
    advance(100);
    p.update(600, 300, 'applications');
    advance(2000);
    p.update(1500, 750, 'applications');
    p.done();
    expect(written).toEqual([
      '\rimport: 500 records done (applications), 250/s, 25 % of the source read, about 0:06 left',
      '\rimport: 1500 records done (applications), 366/s, 75 % of the source read, about 0:01 left',
      '\n',
    ]);
  });

  it('into a log writes a line after the first batch, then one every few seconds', () => {
    const { p, written, advance } = progress(false);
    advance(1000);
    p.update(500, 100, 'users');
    advance(1000);
    p.update(1000, 200, 'applications');
    advance(5000);
    p.update(1500, 1000, 'applications');
    // The end of the file, read whole by the last batch already: nothing new to say.
    p.update(1500, 1000, 'sliders');
    p.files(3, 3);
    p.done();
    expect(written).toEqual([
      'import: 500 records done (users), 500/s, 10 % of the source read, about 0:09 left\n',
      'import: 1500 records done (applications), 214/s, 100 % of the source read\n',
      'import: 3 of 3 files done\n',
    ]);
  });
});
