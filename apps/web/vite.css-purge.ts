import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import purgeCss from '@fullhuman/postcss-purgecss';

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(here, 'src');
const bootstrapComponents = path.resolve(here, '../../node_modules/react-bootstrap/esm');

/** Bootstrap's stylesheet; the app's own stylesheets are written for its pages and stay whole. */
const BOOTSTRAP = /[\\/]node_modules[\\/]bootstrap[\\/]dist[\\/]css[\\/]/;

/**
 * Prefixes React Bootstrap composes from a prefix it composed first, which its modules' default
 * prefixes cannot show: `spinner` and `animation="border"` make `spinner-border`, then `size="sm"`
 * makes `spinner-border-sm`; `modal-dialog-centered`, `list-group-horizontal-md`; a field's
 * feedback is `${type}-feedback`, its type `valid` or `invalid`.
 */
const SECOND_PREFIXES = ['spinner-border', 'spinner-grow', 'modal-dialog', 'list-group-horizontal', 'valid', 'invalid'];

/** The grid's classes come from numbers (`<Col lg={5}>`, `<Row xs={1}>`), which no word names: all of the grid stays. */
const GRID = [/^col(-|$)/, /^row-cols-/, /^offset-/, /^order-/];

const WORD = /[A-Za-z0-9_-]+/g;

/** A PostCSS plugin, as the PurgeCSS plugin is. */
type PostcssPlugin = Extract<ReturnType<typeof purgeCss>, { postcssPlugin: string }>;

/** The app's sources (tests aside): pages, components, the islands, the shell's inline script. */
function appSources(): string[] {
  return fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(src, file));
}

/**
 * The React Bootstrap modules the app renders: those it imports by name, and what they import in
 * turn. Every other component's classes (carousel, popover, off-canvas…) can never reach a page.
 */
function bootstrapModules(sources: string[]): string[] {
  const named = sources.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from 'react-bootstrap'/g)].flatMap((m) =>
      (m[1] ?? '').split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()),
    ),
  );
  const seen = new Set<string>();
  const queue = named.map((name) => path.join(bootstrapComponents, `${name}.js`)).filter((file) => fs.existsSync(file));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/from '\.\/([^']+?)(\.js)?'/g))
      queue.push(path.join(bootstrapComponents, `${m[1]}.js`));
  }
  return [...seen];
}

/**
 * The prefixes those modules compose classes from while rendering, as `${prefix}-${value}`: each
 * one's default prefix (`btn`, whose `variant="outline-secondary"` makes `btn-outline-secondary`;
 * `table`, whose `striped` makes `table-striped`) and the heads of their class templates
 * (`bg-${bg}`, `text-${text}`), with the second-level ones above.
 */
function composingPrefixes(components: string[]): string[] {
  const prefixes = new Set(SECOND_PREFIXES);
  for (const file of components) {
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(/useBootstrapPrefix\([^,()]+,\s*'([a-z-]+)'\)/g)) prefixes.add(m[1] ?? '');
    for (const m of code.matchAll(/`([a-z-]+)-\$\{/g)) prefixes.add(m[1] ?? '');
  }
  return [...prefixes];
}

/**
 * Bootstrap's stylesheet, which every page links, without the rules no page can use (ADR 0103): a
 * rule stays when each class, tag and id it names is a word of the app's sources, of the shared
 * package, or of the React Bootstrap modules the app renders, or such a word after a prefix those
 * modules compose classes from. For the client build only, where it runs before the file's name
 * is hashed, so a stylesheet's name still names its content.
 */
export function purgeUnusedBootstrap(): PostcssPlugin {
  const sources = appSources();
  const components = bootstrapModules(sources);
  const prefixes = composingPrefixes(components);
  /** Every word of a source, and every word after each composing prefix. */
  const words = (content: string): string[] => {
    const found = new Set(content.match(WORD) ?? []);
    for (const word of [...found]) for (const prefix of prefixes) found.add(`${prefix}-${word}`);
    return [...found];
  };
  const purge = purgeCss({
    content: [...sources, ...components, path.resolve(here, '../../packages/shared/src/**/*.ts')],
    skippedContentGlobs: ['**/*.test.ts'],
    defaultExtractor: words,
    safelist: { standard: GRID },
  }) as PostcssPlugin;
  return {
    postcssPlugin: 'visa-purge-bootstrap',
    OnceExit(root, helpers) {
      if (BOOTSTRAP.test(root.source?.input.file ?? '')) return purge.OnceExit?.(root, helpers);
    },
  };
}
