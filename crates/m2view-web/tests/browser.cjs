// The web build in a real browser (headless Chromium through
// playwright-core), driven by tests/browser.rs:
//   node browser.cjs WEB_DIR SAMPLES_DIR OUT_DIR BROKEN_MODEL [--webgpu]
// Serves WEB_DIR at /web/ and SAMPLES_DIR at /samples/ on a local port,
// opens Corehound2.m2 by URL (embed layout, paused at 0 ms, iso camera),
// screenshots the canvas, plays Run through the page API, loads Rabbit.m2
// and its skin through the file input, drops Frog.m2 on the page, then a
// malformed model; then opens a
// folder of SAMPLES_DIR by its index pages (?data=, ?display=) and downloads
// a glTF and a screenshot through the page API; opens the WMO that
// browser.rs wrote into OUT_DIR/world/ (served at /out/) from that folder by
// its index pages (?data=), its groups and doodads with it. Writes what it saw to
// OUT_DIR/report.json (screenshots and downloads beside it).
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const [webDir, samplesDir, outDir, broken] = process.argv.slice(2, 6).map(p => path.resolve(p));
const webgpu = process.argv.includes('--webgpu');
const playwright = require(process.env.M2VIEW_PLAYWRIGHT || 'playwright-core');
const chromium = process.env.M2VIEW_CHROMIUM || '/usr/bin/chromium';
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

function serve() {
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const [root, rest] = url.startsWith('/web/') ? [webDir, url.slice(5)]
      : url.startsWith('/out/') ? [outDir, url.slice(5)] : [samplesDir, url.slice(9)];
    const file = path.join(root, path.normalize(rest));
    if (!file.startsWith(root) || !fs.existsSync(file)) {
      res.writeHead(404);
      return res.end();
    }
    if (fs.statSync(file).isDirectory()) {
      // An index page, as python3 -m http.server writes one.
      const links = fs.readdirSync(file, { withFileTypes: true }).map(e => {
        const name = e.name + (e.isDirectory() ? '/' : '');
        return `<li><a href="${encodeURIComponent(e.name)}${e.isDirectory() ? '/' : ''}">${name}</a></li>`;
      });
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return res.end(`<!DOCTYPE HTML><html><body><ul>\n${links.join('\n')}\n</ul></body></html>`);
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise(ok => server.listen(0, '127.0.0.1', () => ok(server)));
}

const dataset = page => page.evaluate(() => Object.assign({}, document.getElementById('m2view').dataset));

// Opens the viewer at `base` with `query` (embed layout, paused at 0 ms, iso camera) and waits
// until `model` has drawn three frames (or an error shows), then half a second more.
async function open(page, base, query, model, view = 'embed=1&time=0&camera=iso&') {
  await page.goto(`${base}/web/index.html?${view}${query}`);
  await page.waitForFunction(m => {
    const d = document.getElementById('m2view').dataset;
    return d.error || ((d.model === m || (d.model || '').endsWith('/' + m)) && Number(d.frames || 0) >= 3);
  }, model, { timeout: 120000 });
  await page.waitForTimeout(500);
}
const frames = async page => Number((await dataset(page)).frames || 0);

async function main() {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  const args = ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];
  if (webgpu) args.push('--enable-unsafe-webgpu', '--enable-features=Vulkan');
  const browser = await playwright.chromium.launch({ executablePath: chromium, headless: true, args });
  const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
  const logs = [];
  page.on('console', m => logs.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', e => logs.push(`pageerror: ${e.message}`));
  const report = { logs, seconds: {} };
  const hound = '/samples/Koward_Improved_Models/Creature/CoreHound2/Corehound2.m2';
  const started = Date.now();
  await page.goto(`${base}/web/index.html?embed=1&time=0&camera=iso&model=${hound}`);
  await page.waitForFunction(() => Number(document.getElementById('m2view').dataset.frames || 0) >= 3, null,
    { timeout: 120000 });
  report.first = await dataset(page);
  report.seconds.first = (Date.now() - started) / 1000;
  report.page_to_first_frame_ms = Number(report.first.firstFrameMs);
  report.load_to_three_frames_ms = Date.now() - started;
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'stand.png') });
  // Frame time: frames drawn over three seconds.
  const f0 = await frames(page);
  await page.waitForTimeout(3000);
  report.frame_ms = 3000 / Math.max(1, (await frames(page)) - f0);
  // Another sequence through the page API.
  await page.evaluate(async () => (await import('/web/m2view_web.js')).play('Run'));
  await page.waitForFunction(() => document.getElementById('m2view').dataset.sequence === 'Run', null,
    { timeout: 30000 });
  await page.waitForTimeout(500);
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'run.png') });
  report.after_play = await dataset(page);
  report.seconds.after_play = (Date.now() - started) / 1000;
  // A model and its skin through the file input.
  const rabbit = path.join(samplesDir, 'wowserhq_blizzardry/spec/fixtures');
  await page.setInputFiles('#m2view-files', ['Rabbit.m2', 'Rabbit00.skin', 'RabbitSkin.blp'].map(f => path.join(rabbit, f)));
  await page.waitForFunction(() => document.getElementById('m2view').dataset.model === 'Rabbit.m2', null,
    { timeout: 60000 });
  await page.waitForTimeout(500);
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'rabbit.png') });
  report.after_input = await dataset(page);
  report.seconds.after_input = (Date.now() - started) / 1000;
  // Files dropped on the page (a drop event carrying them, as a file manager's drag does).
  await page.evaluate(async urls => {
    const dt = new DataTransfer();
    for (const u of urls) {
      dt.items.add(new File([await (await fetch(u)).arrayBuffer()], u.split('/').pop()));
    }
    const drop = new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true });
    document.getElementById('m2view').dispatchEvent(drop);
  }, ['Frog.m2', 'FrogGreen.blp'].map(f => `/samples/Koward_Improved_Models/Creature/Frog/${f}`));
  await page.waitForFunction(() => document.getElementById('m2view').dataset.model === 'Frog.m2', null,
    { timeout: 60000 });
  report.after_drop = await dataset(page);
  // A malformed model: the error shows, the viewer keeps drawing the frog.
  await page.setInputFiles('#m2view-files', [broken]);
  await page.waitForFunction(() => document.getElementById('m2view').dataset.error !== '', null, { timeout: 60000 });
  const before = await frames(page);
  await page.waitForTimeout(1000);
  report.after_broken = await dataset(page);
  report.seconds.after_broken = (Date.now() - started) / 1000;
  report.frames_after_broken = (await frames(page)) - before;
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'broken.png') });
  // An archive: said to be for the native viewer.
  await page.setInputFiles('#m2view-files', [path.join(samplesDir, 'grandatlant_DataMod/patch-Y.MPQ')]);
  await page.waitForFunction(() => document.getElementById('m2view').dataset.error.includes('patch-Y'), null,
    { timeout: 60000 });
  report.after_archive = await dataset(page);
  report.seconds.after_archive = (Date.now() - started) / 1000;
  // A character: the 3.3.5 Scourge female by URL dressed from the 1.12 tables (?dbc=).
  const scourge = '/samples/vjeux_jsWoWModelViewer/assets/scourgefemale.m2';
  await open(page, base, `model=${scourge}&dbc=/samples/andrewmunro_Vanilla/dbc/`, 'scourgefemale.m2');
  report.character = await dataset(page);
  report.seconds.character = (Date.now() - started) / 1000;
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'scourge.png') });
  // A creature by URL alone: its skin found as natively, through the tables
  // of the nearest DBFilesClient/ above it and its own folder (index pages).
  const murloc = '/samples/Koward_Improved_Models/Creature/Murloc2/Murloc2.m2';
  await open(page, base, `model=${murloc}`, 'Murloc2.m2');
  report.murloc = await dataset(page);
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'murloc.png') });
  // The module's calls: another skin by display id, a white background, the front camera.
  await page.evaluate(async () => {
    const m = await import('/web/m2view_web.js');
    m.display(188);
    m.background('FFFFFF');
    m.camera('front');
  });
  await page.waitForTimeout(1500);
  report.murloc_api = await dataset(page);
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'murloc_api.png') });
  // The same page with the viewer's panels, at a desktop size: the 3D view's
  // share of the page (the model browser is closed on a ?model= page).
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, base, `model=${murloc}`, 'Murloc2.m2', '');
  report.model_page = await dataset(page);
  await page.screenshot({ path: path.join(outDir, 'model_page.png') });
  await page.setViewportSize({ width: 512, height: 512 });
  // A folder by its index pages: display 822 alone opens Bear2 in its skin
  // (CreatureDisplayInfo -> CreatureModelData in the folder's tables).
  const koward = '/samples/Koward_Improved_Models/';
  const dataStarted = Date.now();
  await open(page, base, `data=${koward}&display=822`, 'Creature/bear2/Bear2.m2');
  report.data = await dataset(page);
  report.seconds.data = (Date.now() - started) / 1000;
  report.data_to_three_frames_ms = Date.now() - dataStarted;
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'bear.png') });
  // The embedded view follows its container: a wide, short one.
  await page.setViewportSize({ width: 640, height: 360 });
  await page.waitForTimeout(1000);
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'bear_wide.png') });
  report.wide = await dataset(page);
  await page.setViewportSize({ width: 512, height: 512 });
  await page.waitForTimeout(500);
  // Downloads through the page API: the model as glTF, a screenshot.
  for (const [format, file] of [['glb', 'bear.glb'], ['png', 'bear_shot.png']]) {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60000 }),
      page.evaluate(async f => (await import('/web/m2view_web.js')).save(f), format),
    ]);
    report[`download_${format}`] = download.suggestedFilename();
    await download.saveAs(path.join(outDir, file));
  }
  report.after_saves = await dataset(page);
  report.seconds.after_saves = (Date.now() - started) / 1000;
  // A WMO from a folder by its index pages: its group files and its doodad read from the folder.
  await open(page, base, 'data=/out/world/&model=box.wmo', 'box.wmo');
  report.world = await dataset(page);
  report.seconds.world = (Date.now() - started) / 1000;
  await page.locator('#m2view').screenshot({ path: path.join(outDir, 'world.png') });
  await browser.close();
  server.close();
  report.wasm_bytes = fs.statSync(path.join(webDir, 'm2view_web_bg.wasm')).size;
  report.wasm_gzip_bytes = zlib.gzipSync(fs.readFileSync(path.join(webDir, 'm2view_web_bg.wasm')), { level: 9 }).length;
  fs.writeFileSync(path.join(outDir, 'report.json'), JSON.stringify(report, null, 1));
}

main().catch(e => {
  console.error(e);
  process.exit(1);
});
