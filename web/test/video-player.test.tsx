import { cleanup, render, screen } from '@testing-library/react'
import { describeField } from '@vod/contract/fields'
import { videoRecord } from '@vod/contract/resources/videos'
import { afterEach, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { FieldValue } from '../src/components/resource/Display.tsx'

afterEach(cleanup)

describe("a video's page", () => {
  it.each(['video', 'trailer', 'preview_video'])(
    'plays its %s where it shows it, loading nothing until asked',
    (field) => {
      const info = describeField(videoRecord.shape[field as keyof typeof videoRecord.shape] as z.ZodType)
      render(<FieldValue field={field} info={info} value="/uploads/videos/clip.mp4" labels="videos" />)
      const player = screen.getByTestId(`${field}-player`) as HTMLVideoElement
      expect(player.tagName).toBe('VIDEO')
      expect(player.getAttribute('src')).toBe('/uploads/videos/clip.mp4')
      expect(player.controls).toBe(true)
      expect(player.preload).toBe('none')
    },
  )
})
