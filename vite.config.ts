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
          input: 'client/entry-client.tsx',
          output: {
            // The price calculator is one named chunk, loaded only by the pages that show it.
            codeSplitting: {
              groups: [
                { name: 'calculator', test: /[\\/]client[\\/]calculator[\\/]/, includeDependenciesRecursively: false },
              ],
            },
          },
        },
      },
}));
