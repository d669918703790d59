// Node.js 24 or newer (package.json engines). `npm install` puts Node 24 in node_modules/.bin (the
// `node` dev dependency, fetched from the npm registry), and npm puts node_modules/.bin first on PATH
// for `npm start`, `npm test`, `npm run …` and `npx …`, so those run on Node 24 whatever the machine's
// Node is. Run another way on an older Node, these scripts stop here with a plain message instead of
// failing somewhere later.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(
    `Jsonable needs Node.js 24 or newer; this is Node.js ${process.version} (${process.execPath}).\n` +
      'Run `npm install` (it puts Node 24 in node_modules/.bin from the npm registry), then use the npm commands\n' +
      '(`npm start`, `npm test`, `npx …`), which run on it; or put node_modules/.bin first on PATH:\n' +
      '  export PATH="$PWD/node_modules/.bin:$PATH"\n',
  );
  process.exit(1);
}
