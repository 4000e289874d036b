// Validates .glb files with the Khronos glTF-Validator (npm `gltf-validator`,
// whose module folder is GLTF_VALIDATOR); prints one JSON array of
// {file, errors, warnings, messages}. Used by tests/export.rs.
const fs = require('fs');
const path = require('path');
const validator = require(process.env.GLTF_VALIDATOR);
(async () => {
  const out = [];
  for (const f of process.argv.slice(2)) {
    // A .gltf's buffers and images are read beside it.
    const external = (uri) => Promise.resolve(new Uint8Array(fs.readFileSync(path.join(path.dirname(f), decodeURIComponent(uri)))));
    const r = await validator.validateBytes(new Uint8Array(fs.readFileSync(f)), { uri: f, maxIssues: 100, externalResourceFunction: external });
    out.push({
      file: f,
      errors: r.issues.numErrors,
      warnings: r.issues.numWarnings,
      messages: r.issues.messages.filter((m) => m.severity <= 1).slice(0, 10)
        .map((m) => `${m.severity === 0 ? 'error' : 'warning'} ${m.code} ${m.pointer || ''}: ${m.message}`),
    });
  }
  console.log(JSON.stringify(out));
})();
