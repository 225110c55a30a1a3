// orval turns the full contract into typed TanStack Query hooks; run through `npm run gen`.
// Reads are queries and writes are mutations, as orval decides by method, except the paged list
// calls: a POST that only reads (`…/GetListForPaging`), so a query as well.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'orval';

const contract = JSON.parse(readFileSync(new URL('./generated/openapi.json', import.meta.url), 'utf8'));
const pagedLists = Object.values<Record<string, { operationId: string }>>(contract.paths)
  .flatMap((item) => Object.values(item))
  .map((op) => op.operationId)
  .filter((id) => id.endsWith('ForPaging'));

export default defineConfig({
  api: {
    input: { target: './generated/openapi.json' },
    output: {
      target: './generated/api/endpoints.ts',
      schemas: './generated/api/model',
      mode: 'tags-split',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      override: {
        mutator: { path: './src/lib/api-fetcher.ts', name: 'apiFetch' },
        operations: Object.fromEntries(pagedLists.map((id) => [id, { query: { useQuery: true, useMutation: false } }])),
      },
    },
  },
});
