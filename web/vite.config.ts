import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './precompress.ts'

export default defineConfig({
  base: './',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
})
