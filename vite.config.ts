import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node24' }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2022',
        rolldownOptions: {
          // The desk's board script and the proofs' pin script are entries of their own: those pages load none of the public app.
          input: ['client/entry-client.tsx', 'client/entry-desk-board.ts', 'client/entry-proof-pins.ts'],
          output: {
            // The price calculator is one named chunk, loaded only by the pages that show it.
            codeSplitting: {
              groups: [
                // React, React Router and the bundler's runtime, which every page loads, in one file instead of
                // pieces split off by which lazy chunk also uses them: fewer requests, and each compresses better.
                {
                  name: 'framework',
                  test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]|rolldown[\\/]runtime/,
                  priority: 1,
                },
                { name: 'calculator', test: /[\\/]client[\\/]calculator[\\/]/, includeDependenciesRecursively: false },
                // zod is loaded only with the forms' checks (client/forms/load-schema-checks.ts). In a group of
                // its own, the bundler cannot merge it into a chunk a page imports statically.
                { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/]zod\.ts$/ },
              ],
            },
          },
        },
      },
}));
