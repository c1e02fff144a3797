#!/usr/bin/env node
// Generates webui/src/shared/api/schema.gen.ts (the API's wire types) from the server's OpenAPI
// document, which webui/scripts/openapi.py prints without running a server.
//
//   node webui/scripts/api-types.mjs          write the file      (make api-types)
//   node webui/scripts/api-types.mjs --check  fail when it is stale (make api-types-check, in make lint)
//
// PYTHON names the interpreter (default .venv/bin/python). Run from the repository root.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS from 'openapi-typescript';

const OUT = 'webui/src/shared/api/schema.gen.ts';
const python = process.env.PYTHON || '.venv/bin/python';
const check = process.argv.includes('--check');

const document = JSON.parse(
  execFileSync(python, ['webui/scripts/openapi.py'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
);
const generated = await openapiTS(document, {
  alphabetize: true,
  silent: true,
  commentHeader:
    '/**\n * The API\'s wire types, generated from the server\'s OpenAPI document by webui/scripts/api-types.mjs.\n' +
    ' * Do not edit: run `make api-types`. The app reads them through shared/api/wire.ts.\n */\n',
});

if (!check) {
  writeFileSync(OUT, generated);
  console.log(`wrote ${OUT}`);
} else {
  let current = '';
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== generated) {
    const fresh = join(mkdtempSync(join(tmpdir(), 'larder-api-types-')), 'schema.gen.ts');
    writeFileSync(fresh, generated);
    console.error(
      `${OUT} does not match the server's OpenAPI document: run make api-types\n` +
        `(the regenerated file is ${fresh}; diff -u ${OUT} ${fresh})`,
    );
    process.exit(1);
  }
}
