#!/usr/bin/env node
/**
 * `promptcron <command> [arguments]` (`node bin/promptcron.js …`). Two kinds of command:
 * - the API's client (`tasks`, `runs`, `apply`, `export`, ADR 0126): plain JavaScript in bin/cli, run at once with no
 *   build and no database, talking to the server at PROMPTCRON_URL;
 * - the operator programs (`main`, `user`, `digest`, …) that `npm start`, `npm run serve`, `npm run worker` and the
 *   operator tools run: built first when `dist/` is missing or stale, then run compiled in this process, so signals
 *   reach them directly (ADR 0071).
 */
const clientCommands = ['tasks', 'runs', 'apply', 'export', 'help', '--help', '-h', '--json'];
const program = process.argv[2] ?? '';

if (clientCommands.includes(program) || program === '') {
  // Before anything of the server is loaded, so the first request goes out at once.
  const { runCli } = await import('./cli/main.js');
  const code = await runCli(program === '' ? ['--help'] : process.argv.slice(2));
  // Done: once what it printed is written (a pipe may take it later), exit rather than wait for fetch's idle
  // keep-alive connection to close.
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))));
  process.exit(code);
} else {
  const { serverEntries, serverOutDir } = await import('./build-paths.js');
  if (!(program in serverEntries)) {
    console.error(
      `Usage: promptcron <tasks|runs|apply|export> … (promptcron --help), or an operator program: <${Object.keys(serverEntries).join('|')}> [arguments]`,
    );
    process.exit(2);
  }
  const { ensureFreshBuild } = await import('./fresh-build.js');
  const { pathToFileURL } = await import('node:url');
  await ensureFreshBuild();
  // The program reads its own arguments from process.argv, as when started directly.
  process.argv.splice(2, 1);
  await import(pathToFileURL(`${serverOutDir}/${program}.js`).href);
}
