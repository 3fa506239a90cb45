/** The languages the API answers in (Accept-Language), the first the default. */
export const languages = ['en', 'zh-CN'] as const
export type Language = (typeof languages)[number]
