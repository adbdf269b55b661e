#!/usr/bin/env node
// Builds the server for production (issue 35 #7): apps/server/src/main.ts and the admin command line, bundled by
// esbuild into apps/server/dist as plain ES modules that `node` runs without tsx. Packages from node_modules stay
// imports (resolved at run time from the installation); the workspace package @obra/domain is bundled in.
//
// The source tree stays beside the output: what the server reads at run time by a path relative to its own source
// file (the migrations, the GraphQL schema, the persisted operations, the child processes' .mjs scripts, the demo's
// assets) is found there. Each file's `import.meta.dirname` and `import.meta.url` are rewritten to point at that
// source file's folder and address as seen from the bundle, so those paths resolve unchanged.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outdir = path.join(serverDir, 'dist');

const packageNames = (file) => {
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  return Object.keys({
    ...manifest.dependencies,
    ...manifest.devDependencies,
    ...manifest.optionalDependencies,
  });
};
const external = [
  ...new Set([
    ...packageNames(path.join(serverDir, 'package.json')),
    ...packageNames(path.join(root, 'package.json')),
  ]),
]
  .filter((name) => name !== '@obra/domain')
  .flatMap((name) => [name, `${name}/*`]);

/** `import.meta.dirname` / `.url` of a source file, as expressions valid inside the bundle. */
const sourceLocation = {
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, 'utf8');
      if (contents.includes('import.meta.')) {
        const relative = (to) => path.relative(outdir, to).split(path.sep).join('/');
        const dir = relative(path.dirname(args.path));
        const file = relative(args.path);
        contents = contents
          .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${dir}`)})`)
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(file)}, import.meta.url).href`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

const started = Date.now();
fs.rmSync(outdir, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    'admin-cli': path.join(serverDir, 'src/cli/admin-cli.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  tsconfig: path.join(serverDir, 'tsconfig.json'),
  external,
  // Class and function names stay as written (errors are told apart by name, logs print them).
  keepNames: true,
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [sourceLocation],
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([name]) => name.endsWith('.js'))
  .reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(
  `server built into ${path.relative(process.cwd(), outdir) || '.'} (${(bytes / 1024).toFixed(0)} kB of JavaScript) in ${
    Date.now() - started
  } ms: node ${path.relative(process.cwd(), path.join(outdir, 'main.js'))}`,
);
