// orval turns the full contract into typed TanStack Query hooks; run through `npm run gen`.
import { defineConfig } from 'orval';

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
        query: { useQuery: true, useMutation: true },
      },
    },
  },
});
