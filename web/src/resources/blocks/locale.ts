import { defineLocale } from '../../i18n/define-locale.ts'

export const blocksLocale = defineLocale({
  en: {
    title: 'Blocks',
    createTitle: 'Create block',
    editTitle: 'Edit block',
    showTitle: 'Block',
    fields: {
      page: 'Page',
      on_page: 'Page',
      is_box: 'Boxed',
      advertisement_id: 'Advertisement',
      advertisement_name: 'Advertisement',
      mobile_image: 'Mobile image',
      videos_count: 'Videos',
    },
    values: {
      type: { videos: 'Videos', advertisement: 'Advertisement', image: 'Image with link' },
      page: { home: 'Home', videos: 'Videos', models: 'Models' },
      on_page: { home: 'Home', videos: 'Videos', models: 'Models' },
    },
    hints: {
      sort: 'Lower numbers come first on the page.',
      is_box: 'On: drawn in a framed box; off: across the full width of the page.',
      link: 'An http(s) address, a mailto: or a tel: link.',
    },
    preview: {
      open: 'Preview home page',
      title: 'Home page, block by block',
      empty: 'No block is on the home page yet.',
      fullWidth: 'Full width',
      advertisement: 'Advertisement: {{name}}',
      none: 'none chosen',
      noVideos: 'No videos in this block yet.',
      popular: 'Popular',
      free: 'Free',
    },
    children: {
      videos: {
        title: 'Videos, in order',
        fields: {
          serial_number: 'Serial number',
          is_free: 'Free',
          name: 'Caption',
          gender: 'Shown to',
          is_popular: 'Popular badge',
        },
        values: {
          gender: { all: 'Everyone', female: 'Women’s section', male: 'Men’s section' },
        },
        hints: {
          name: 'Shown on the card instead of the video’s title; empty: the title.',
          gender: 'Which section of the member site shows this video in the block.',
        },
      },
    },
  },
  'zh-cn': {
    title: '页面区块',
    createTitle: '新建区块',
    editTitle: '编辑区块',
    showTitle: '区块详情',
    fields: {
      page: '所在页面',
      on_page: '所在页面',
      is_box: '盒装样式',
      advertisement_id: '广告位',
      advertisement_name: '广告位',
      mobile_image: '移动端图片',
      videos_count: '视频数',
    },
    values: {
      type: { videos: '视频', advertisement: '广告', image: '图片链接' },
      page: { home: '首页', videos: '视频页', models: '演员页' },
      on_page: { home: '首页', videos: '视频页', models: '演员页' },
    },
    hints: {
      sort: '数字越小，在页面上越靠前。',
      is_box: '开启：以边框盒子显示；关闭：占满页面宽度。',
      link: 'http(s) 网址、mailto: 或 tel: 链接。',
    },
    preview: {
      open: '预览首页',
      title: '首页区块一览',
      empty: '首页还没有区块。',
      fullWidth: '通栏',
      advertisement: '广告：{{name}}',
      none: '未选择',
      noVideos: '该区块还没有视频。',
      popular: '热门',
      free: '免费',
    },
    children: {
      videos: {
        title: '视频（按顺序）',
        fields: {
          serial_number: '编号',
          is_free: '免费',
          name: '展示标题',
          gender: '展示给',
          is_popular: '热门标记',
        },
        values: {
          gender: { all: '所有人', female: '女性频道', male: '男性频道' },
        },
        hints: {
          name: '卡片上代替视频标题显示；留空则显示视频标题。',
          gender: '会员站哪个频道在该区块中显示此视频。',
        },
      },
    },
  },
})
