import i18next from 'i18next'
import { describe, expect, it } from 'vitest'

const files = import.meta.glob<Record<string, unknown>>(
  '../../../../public/locales/*/pipeline-setup.json',
  { eager: true, import: 'default' },
)

async function translator() {
  const resources = Object.fromEntries(
    Object.entries(files).map(([file, texts]) => [
      file.replace(/^.*\/locales\/([^/]+)\/.*$/, '$1'),
      { 'pipeline-setup': texts },
    ]),
  )
  const instance = i18next.createInstance()
  await instance.init({
    lng: 'en',
    fallbackLng: false,
    defaultNS: 'pipeline-setup',
    resources,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  })
  return (language: string, key: string, values: Record<string, unknown>) =>
    instance.getFixedT(language)(key, values)
}

describe('deal counts in the refusals of the stage and pipeline dialogs', () => {
  it('agree with the count in each language, with Arabic’s own plural forms', async () => {
    const t = await translator()
    const stage = (language: string, count: number) =>
      t(language, 'remove_stage.has_deals_count', { name: 'Discovery', count })
    expect(stage('en', 1)).toBe('“Discovery” still has 1 deal. Choose the stage that receives it.')
    expect(stage('en', 3)).toBe(
      '“Discovery” still has 3 deals. Choose the stage that receives them.',
    )
    expect(stage('de', 3)).toBe(
      '„Discovery“ hat noch 3 Deals. Wählen Sie die Phase, die sie übernimmt.',
    )
    expect(stage('fr', 1)).toBe(
      '« Discovery » contient encore 1 affaire. Choisissez l’étape qui la reçoit.',
    )
    expect(stage('ar', 1)).toContain('صفقة واحدة')
    expect(stage('ar', 2)).toContain('صفقتان')
    expect(stage('ar', 3)).toContain('3 صفقات')
    expect(stage('ar', 11)).toContain('11 صفقة')
    expect(stage('ar', 100)).toContain('100 صفقة')

    const pipeline = (language: string, count: number) => t(language, 'delete.has_deals', { count })
    expect(pipeline('en', 12)).toMatch(/^This pipeline still has 12 deals\. /)
    expect(pipeline('de', 1)).toMatch(/^Diese Pipeline hat noch 1 Deal\. /)
    expect(pipeline('ar', 2)).toContain('صفقتين')
    expect(pipeline('ar', 5)).toContain('5 صفقات')
    for (const language of ['en', 'de', 'fr', 'es', 'ar']) {
      expect(pipeline(language, 7), language).not.toContain('has_deals')
      expect(stage(language, 7), language).toContain('Discovery')
    }
  })
})
