import type { ImportColumn } from '../../components/resource/ResourceImport.tsx'
import { ResourceImport } from '../../components/resource/ResourceImport.tsx'
import { videos } from './index.ts'

/** The template's columns: a video's fields, with its tags and directors named (`|` between several). */
const columns: ImportColumn[] = [
  { name: 'title', example: '夏日旅行 Summer trip' },
  { name: 'serial_number', example: 'ST-0001' },
  { name: 'description', example: 'A week by the sea.' },
  { name: 'cover', example: 'https://cdn.example.com/covers/st-0001.jpg' },
  { name: 'video', example: 'https://cdn.example.com/videos/st-0001.mp4' },
  { name: 'video_duration', example: '3600' },
  { name: 'is_free', example: '0' },
  { name: 'is_main', example: '0' },
  { name: 'genres', example: 'Travel|Documentary' },
  { name: 'models', example: '' },
  { name: 'studios', example: 'Atlas Frame' },
  { name: 'directors', example: 'Ava Lindqvist' },
  { name: 'published_at', example: '2026-12-01T09:00:00Z' },
]

/** /videos/batch-create: many videos from one CSV, all or none (POST /files/cdn77BatchUpload). */
export default function VideoBatchCreate() {
  return <ResourceImport resource={videos} columns={columns} path="files/cdn77BatchUpload" />
}
