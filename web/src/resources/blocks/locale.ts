import { defineResourceLocale } from '../../components/resource/resource-locale.ts'

export const blocksLocale = defineResourceLocale({
  title: ['Blocks', '页面区块'],
  noun: ['block', '区块'],
  fields: {
    page: ['Page', '所在页面'],
    on_page: ['Page', '所在页面'],
    is_box: ['Boxed', '盒装样式'],
    advertisement_id: ['Advertisement', '广告位'],
    advertisement_name: ['Advertisement', '广告位'],
    mobile_image: ['Mobile image', '移动端图片'],
    videos_count: ['Videos', '视频数'],
  },
  values: {
    type: {
      videos: ['Videos', '视频'],
      advertisement: ['Advertisement', '广告'],
      image: ['Image with link', '图片链接'],
    },
    page: { home: ['Home', '首页'], videos: ['Videos', '视频页'], models: ['Models', '演员页'] },
    on_page: { home: ['Home', '首页'], videos: ['Videos', '视频页'], models: ['Models', '演员页'] },
  },
  hints: {
    sort: ['Lower numbers come first on the page.', '数字越小，在页面上越靠前。'],
    is_box: [
      'On: drawn in a framed box; off: across the full width of the page.',
      '开启：以边框盒子显示；关闭：占满页面宽度。',
    ],
    link: ['An http(s) address, a mailto: or a tel: link.', 'http(s) 网址、mailto: 或 tel: 链接。'],
    expired_at: [
      'After this moment the member site no longer shows the block; empty: it never expires.',
      '过了此时间会员站不再显示该区块；留空则永不过期。',
    ],
  },
  preview: {
    open: ['Preview home page', '预览首页'],
    title: ['Home page, block by block', '首页区块一览'],
    empty: ['No block is on the home page yet.', '首页还没有区块。'],
    fullWidth: ['Full width', '通栏'],
    advertisement: ['Advertisement: {{name}}', '广告：{{name}}'],
    none: ['none chosen', '未选择'],
    noVideos: ['No videos in this block yet.', '该区块还没有视频。'],
    popular: ['Popular', '热门'],
    free: ['Free', '免费'],
  },
  children: {
    videos: {
      title: ['Videos, in order', '视频（按顺序）'],
      fields: {
        serial_number: ['Serial number', '编号'],
        is_free: ['Free', '免费'],
        name: ['Caption', '展示标题'],
        gender: ['Shown to', '展示给'],
        is_popular: ['Popular badge', '热门标记'],
      },
      values: {
        gender: {
          all: ['Everyone', '所有人'],
          female: ['Women’s section', '女性频道'],
          male: ['Men’s section', '男性频道'],
        },
      },
      hints: {
        name: [
          'Shown on the card instead of the video’s title; empty: the title.',
          '卡片上代替视频标题显示；留空则显示视频标题。',
        ],
        gender: [
          'Which section of the member site shows this video in the block.',
          '会员站哪个频道在该区块中显示此视频。',
        ],
      },
    },
  },
})
