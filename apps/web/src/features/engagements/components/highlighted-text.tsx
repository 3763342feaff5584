import { useTranslation } from 'react-i18next'
import { highlightQuotes } from '../lib/highlight'

/** Text with the evidence it contains marked; the mark's start is announced to screen readers. */
export function HighlightedText({ text, quotes }: { text: string; quotes: readonly string[] }) {
  const { t } = useTranslation('deals')
  return (
    <>
      {highlightQuotes(text, quotes).map((piece, index) =>
        piece.marked ? (
          <mark
            key={index}
            data-evidence="true"
            className="rounded-sm bg-amber-100 px-0.5 text-gray-900 ring-1 ring-amber-300"
          >
            <span className="sr-only">{t('activity.evidence_mark')} </span>
            {piece.text}
          </mark>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  )
}
