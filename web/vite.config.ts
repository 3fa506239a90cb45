import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { bootChunk } from './boot-chunk.ts'
import { bootPreload } from './boot-preload.ts'
import { bundleBudget } from './bundle-budget.ts'
import { precompress } from './precompress.ts'
import { prerenderLogin } from './prerender-login.ts'

const boot = bootChunk()

export default defineConfig({
  base: './',
  plugins: [react(), precompress(), boot.plugin, prerenderLogin(), bootPreload(), bundleBudget()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: boot.groups } } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
})
