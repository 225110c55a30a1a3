// `npm run gen`: the contract in openapi/ → generated/ (full contract, server metadata and
// Drizzle schema, admin metadata, orval hooks). Deterministic: CI re-runs it and diffs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContract } from './model.ts';
import { buildOpenApi, claimsByOperation } from './contract.ts';
import { drizzleSchema, serverEntities } from './server.ts';
import { searchDocumentsSql } from './search-documents.ts';
import { adminEntity, adminIndex, adminRoutesModule } from './admin.ts';
import { loadMessages, splitCatalog, trackingCatalog, withClaimDescriptions } from './messages.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = (path: string, text: string) => {
  const file = join(root, 'generated', path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
};
const json = (value: unknown) => JSON.stringify(value, null, 2);

const source = loadContract(join(root, 'openapi'));
const doc = buildOpenApi(source);
const messages = loadMessages(join(root, 'openapi', 'messages'), source.entities);
const claimNames = [...new Set(Object.values(claimsByOperation(doc)))].filter((c) => c !== 'public' && c !== 'authenticated');
withClaimDescriptions(messages, source.entities, claimNames);
for (const dir of ['server', 'admin', 'locales']) rmSync(join(root, 'generated', dir), { recursive: true, force: true });

out('openapi.json', json(doc));
out('server/schema.ts', drizzleSchema(source.entities));
out('server/entities.json', json(serverEntities(source.entities)));
out('server/search-documents.sql', searchDocumentsSql(source.entities));
out('server/claims.json', json(claimsByOperation(doc)));
out('server/messages.json', json(messages));
// The browser bundles the same messages (its offline catalog) that the server seeds, in two parts.
for (const [code, catalog] of Object.entries(messages)) {
  const { core, screens } = splitCatalog(catalog);
  out(`locales/${code}.core.json`, json(core));
  out(`locales/${code}.screens.json`, json(screens));
  out(`locales/${code}.tracking.json`, json(trackingCatalog(catalog)));
}
const byName = new Map(source.entities.map((e) => [e.name, e]));
const admin = source.entities.map((e) => adminEntity(e, byName));
for (const entity of admin) out(`admin/${entity.plural}.json`, json(entity));
out('admin/routes.ts', adminRoutesModule(admin));
out('admin/index.ts', adminIndex(admin));

execFileSync(join(root, 'node_modules/.bin/orval'), ['--config', join(root, 'orval.config.ts')], { cwd: root, stdio: 'inherit' });
console.log(`generated: ${source.entities.length} entities, ${Object.keys(claimsByOperation(doc)).length} operations`);
