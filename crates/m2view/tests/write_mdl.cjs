// Converts each file given (pairs: input output) with mdx-m3-viewer's
// parser (MDX_M3_VIEWER: its package folder), the reference Warcraft III
// reader: an .mdx input is written as MDL, an .mdl input as MDX. Prints one
// line per pair: "ok" or the error.
const path = require('path');
const fs = require('fs');
const Model = require(path.join(process.env.MDX_M3_VIEWER, 'dist/cjs/parsers/mdlx/model')).default;
const args = process.argv.slice(2);
for (let i = 0; i + 1 < args.length; i += 2) {
  try {
    const m = new Model();
    if (args[i].toLowerCase().endsWith('.mdl')) {
      m.load(fs.readFileSync(args[i], 'utf8'));
      fs.writeFileSync(args[i + 1], new Uint8Array(m.saveMdx()));
    } else {
      m.load(new Uint8Array(fs.readFileSync(args[i])));
      fs.writeFileSync(args[i + 1], m.saveMdl());
    }
    console.log('ok');
  } catch (e) {
    console.log('error: ' + String(e).split('\n')[0]);
  }
}
