import { parseArgs } from 'node:util';
import type { z } from 'zod';
import type { CliIo } from './io.js';
import { ADMIN } from './command-name.js';

/** One option of an admin command, as its help lists it. */
interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in the help (`EMAIL`, `SECONDS`). */
  value?: string;
  says: string;
  required?: boolean;
  default?: string;
}

/**
 * An admin command as `admin --help` (its `summary`, one line) and `admin <command> --help` (all
 * of it) describe it. `positionals` names the bare arguments it takes, `min` of them required.
 */
export interface CommandSpec {
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  positionals?: { names: string[]; min: number; says: string[] };
  example: string;
}

/** A usage line: the command, its options and its bare arguments, optional ones in brackets. */
export function usageLine(spec: CommandSpec): string {
  const options = Object.entries(spec.options).map(([name, o]) => {
    const text = o.type === 'string' ? `--${name} ${o.value ?? 'VALUE'}` : `--${name}`;
    return o.required ? text : `[${text}]`;
  });
  const bare = (spec.positionals?.names ?? []).map((name, i) => (i < spec.positionals!.min ? name : `[${name}]`));
  return [`${ADMIN} ${spec.name}`, ...bare, ...options].join(' ');
}

/** What `admin <command> --help` prints: what it does, its options with their defaults, an example. */
export function commandHelp(spec: CommandSpec): string {
  const rows = [
    ...(spec.positionals?.names ?? []).map((name, i) => [name, spec.positionals!.says[i] ?? ''] as const),
    ...Object.entries(spec.options).map(([name, o]) => {
      const label = o.type === 'string' ? `--${name} ${o.value ?? 'VALUE'}` : `--${name}`;
      const extra = [o.required ? 'required' : '', o.default !== undefined ? `default: ${o.default}` : ''].filter(Boolean);
      return [label, extra.length ? `${o.says} (${extra.join('; ')})` : o.says] as const;
    }),
  ];
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  return (
    `Usage: ${usageLine(spec)}\n\n${spec.summary}\n` +
    (rows.length ? `\nOptions:\n${rows.map(([label, says]) => `  ${label.padEnd(width)}  ${says}\n`).join('')}` : '') +
    `\nExample:\n  ${spec.example}\n`
  );
}

/** The one line a refused argument gets: what is wrong, and where the command's options are. */
export function usageError(io: CliIo, spec: CommandSpec, problem: string): 2 {
  io.err(`${problem} (${ADMIN} ${spec.name} --help lists its options)\n`);
  return 2;
}

/** The first problem a shared schema found, named by the option it came from (`--name: …`). */
export function schemaProblem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const field = issue.path[0];
  return field === undefined ? issue.message : `--${String(field)}: ${issue.message}`;
}

type Parsed =
  | { help: true }
  | { help: false; values: Record<string, string | boolean | undefined>; positionals: string[] }
  | { help: false; problem: string };

// Node's parser calls `--min-age -5` or `--password -x…` ambiguous, in three lines: after an option
// that takes a value, a word starting with a dash that is none of the command's options is taken as
// the value (the command's own check then says what is wrong with it).
const isOption = (spec: CommandSpec, word: string) => /^--?[a-z]/.test(word) && Object.hasOwn(spec.options, word.replace(/^--?|=.*$/g, ''));

/**
 * The arguments of `spec`, or `--help`, or the one problem that refuses them (an unknown option, a
 * missing value, a stray or missing argument, a required option left out). Checking what a value
 * means is the command's.
 */
export function parseCommand(spec: CommandSpec, args: string[]): Parsed {
  if (args.includes('--help') || args.includes('-h')) return { help: true };
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!.startsWith('--') ? args[i]!.slice(2) : '';
    const next = args[i + 1];
    if (spec.options[name]?.type === 'string' && next?.startsWith('-') && next !== '--' && !isOption(spec, next)) {
      joined.push(`${args[i]}=${args[++i]}`);
    } else joined.push(args[i]!);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: joined,
      allowPositionals: Boolean(spec.positionals),
      options: Object.fromEntries(Object.entries(spec.options).map(([name, o]) => [name, { type: o.type }])),
    });
  } catch (err) {
    const { code, message } = err as { code?: string; message: string };
    const quoted = /'([^' ]+)/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return { help: false, problem: `Unknown option ${quoted}` };
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return { help: false, problem: `Unexpected argument ${quoted}` };
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      return {
        help: false,
        problem: spec.options[quoted.slice(2)]?.type === 'boolean' ? `${quoted} takes no value` : `${quoted} needs a value`,
      };
    }
    return { help: false, problem: message.split('\n')[0]! };
  }
  const { values, positionals } = parsed;
  const bare = spec.positionals;
  if (positionals.length > (bare?.names.length ?? 0)) return { help: false, problem: `Unexpected argument ${positionals.at(-1)!}` };
  if (bare && positionals.length < bare.min) return { help: false, problem: `${bare.names[positionals.length]!} is required` };
  const missing = Object.entries(spec.options).find(([name, o]) => o.required && values[name] === undefined);
  if (missing) return { help: false, problem: `--${missing[0]} is required` };
  return { help: false, values, positionals };
}
