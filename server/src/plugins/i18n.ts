import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { type Language, type MessageKey, type MessageParams, pickLanguage, translate } from '../i18n/index.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages, from Accept-Language. */
    lang: Language
    t(key: MessageKey, params?: MessageParams): string
  }
}

/** Chooses each request's message language once, before anything can fail and need a message. */
export const i18nPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lang', 'en')
    app.decorateRequest('t', function (this: { lang: Language }, key: MessageKey, params?: MessageParams) {
      return translate(this.lang, key, params)
    })
    app.addHook('onRequest', async (request) => {
      request.lang = pickLanguage(request.headers['accept-language'])
    })
  },
  { name: 'i18n' },
)
