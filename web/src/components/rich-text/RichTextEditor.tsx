import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons'
import Image from '@tiptap/extension-image'
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { Button, Input, Popover, Space, Tooltip } from 'antd'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { uploadFile } from '../../api/files.ts'
import { ApiError } from '../../api/http.ts'
import { notify } from '../../base/notify.ts'
import './rich-text.css'

interface RichTextEditorProps {
  /** HTML, as the form holds it. */
  value?: string
  onChange?: (html: string) => void
  id?: string
  'aria-label'?: string
}

/** An empty document reads as no content, so a required rule and the server see '' rather than `<p></p>`. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML())

/**
 * The rich-text editor (tiptap): headings, emphasis, lists, quotes, code, links and images uploaded to the
 * server. Loaded only by the screens that use it. The server cleans what it stores (lib/rich-text.ts), so
 * this editor is a convenience, not a guard.
 */
export function RichTextEditor({ value = '', onChange, id, ...aria }: RichTextEditorProps) {
  // What the editor itself said lately: the form hands each back a little later, and one handed back after
  // the next keystroke is no change from outside (setting it would drop what was typed since, and a
  // trailing space with it).
  const emitted = useRef<string[]>([])
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } }), Image],
    content: value,
    editorProps: {
      attributes: {
        id: id ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': aria['aria-label'] ?? '',
      },
    },
    onUpdate: ({ editor: changed }) => {
      const html = htmlOf(changed)
      emitted.current = [...emitted.current.slice(-19), html]
      onChange?.(html)
    },
  })
  // A value set from outside (the record loaded into the form) replaces the document. A screen kept
  // alive and shown again (the shell's <Activity>) runs this once with the editor tiptap destroyed while it
  // was hidden, before the new one arrives: skip that one.
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === htmlOf(editor) || emitted.current.includes(value)) return
    emitted.current = []
    editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  return (
    <div className="rich-text-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} className="rich-html" />
    </div>
  )
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation()
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()
  const tool = (name: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip key={name} title={t(`resource.richText.${name}`)}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`resource.richText.${name}`)}
        aria-pressed={active}
        disabled={disabled}
        onClick={run}
      />
    </Tooltip>
  )
  // Buttons that show text: their name is that text, with the word for it in the tooltip and its description.
  const text = (name: string, label: string, active: boolean, run: () => void) => (
    <Tooltip key={name} title={t(`resource.richText.${name}`)}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-pressed={active} onClick={run}>
        {label}
      </Button>
    </Tooltip>
  )
  return (
    <Space
      className="rich-text-toolbar"
      size={2}
      wrap
      role="toolbar"
      aria-label={t('resource.richText.toolbar')}
    >
      {tool('bold', <BoldOutlined />, state.bold, () => chain().toggleBold().run())}
      {tool('italic', <ItalicOutlined />, state.italic, () => chain().toggleItalic().run())}
      {tool('underline', <UnderlineOutlined />, state.underline, () => chain().toggleUnderline().run())}
      {tool('strike', <StrikethroughOutlined />, state.strike, () => chain().toggleStrike().run())}
      {text('heading2', 'H2', state.h2, () => chain().toggleHeading({ level: 2 }).run())}
      {text('heading3', 'H3', state.h3, () => chain().toggleHeading({ level: 3 }).run())}
      {tool('bulletList', <UnorderedListOutlined />, state.bulletList, () =>
        chain().toggleBulletList().run(),
      )}
      {tool('orderedList', <OrderedListOutlined />, state.orderedList, () =>
        chain().toggleOrderedList().run(),
      )}
      {text('blockquote', '“ ”', state.blockquote, () => chain().toggleBlockquote().run())}
      {tool('codeBlock', <CodeOutlined />, state.codeBlock, () => chain().toggleCodeBlock().run())}
      <LinkTool editor={editor} active={state.link} />
      <ImageTool editor={editor} />
      {tool('undo', <UndoOutlined />, false, () => chain().undo().run(), !state.canUndo)}
      {tool('redo', <RedoOutlined />, false, () => chain().redo().run(), !state.canRedo)}
    </Space>
  )
}

/** A link on the selection: http(s), mailto or tel (spec section 5's external link check); empty removes it. */
function LinkTool({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [href, setHref] = useState('')
  const valid = href === '' || /^(https?:\/\/|mailto:|tel:)\S+$/i.test(href.trim())
  const apply = () => {
    if (!valid) return
    const chain = editor.chain().focus().extendMarkRange('link')
    if (href.trim() === '') chain.unsetLink().run()
    else chain.setLink({ href: href.trim(), target: '_blank' }).run()
    setOpen(false)
  }
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '')
      }}
      trigger="click"
      content={
        <Space.Compact>
          <Input
            autoFocus
            value={href}
            status={valid ? undefined : 'error'}
            placeholder="https://"
            aria-label={t('resource.richText.linkAddress')}
            onChange={(event) => setHref(event.target.value)}
            onPressEnter={apply}
          />
          <Button type="primary" onClick={apply} disabled={!valid}>
            {t('resource.richText.apply')}
          </Button>
        </Space.Compact>
      }
    >
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={<LinkOutlined />}
        aria-label={t('resource.richText.link')}
        aria-pressed={active}
      />
    </Popover>
  )
}

/** An image uploaded to the server (`/files/images`, judged by content) and put at the cursor. */
function ImageTool({ editor }: { editor: Editor }) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const [sending, setSending] = useState(false)
  async function send(file: File) {
    setSending(true)
    try {
      const stored = await uploadFile('images', file)
      editor.chain().focus().setImage({ src: stored.url, alt: file.name }).run()
    } catch (error) {
      void notify(
        'error',
        t('resource.upload.failed', { message: error instanceof ApiError ? error.message : String(error) }),
      )
    } finally {
      setSending(false)
      if (input.current) input.current.value = ''
    }
  }
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        // antd's form styles show file inputs (display: block) over the hidden attribute.
        style={{ display: 'none' }}
        aria-label={t('resource.richText.image')}
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file) void send(file)
        }}
      />
      <Tooltip title={t('resource.richText.image')}>
        <Button
          size="small"
          type="text"
          icon={<PictureOutlined />}
          loading={sending}
          aria-label={t('resource.richText.image')}
          onClick={() => input.current?.click()}
        />
      </Tooltip>
    </>
  )
}
