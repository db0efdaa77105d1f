/**
 * What an operator's command reads and writes: the environment and folder it runs in, and its two
 * output streams. Commands take it as a parameter so tests run them in-process and read what they said.
 */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** The real process's: what `bin/visa-desk admin …` (or `npm run admin -- …`) gives a command. */
export const processIo: CliIo = {
  env: process.env,
  cwd: process.cwd(),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};
