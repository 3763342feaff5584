import { Link } from '@tanstack/react-router'
import {
  ArrowRightLeft,
  CircleCheck,
  FileText,
  Mail,
  MessageSquareWarning,
  Phone,
  StickyNote,
  Users,
} from 'lucide-react'
import type * as React from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { PROGRESS_VARIANT } from '@/entities/deal/lib/action-status'
import { dateLocale } from '@/lib/dates/format-date'
import { parseIsoDate, toIsoDate } from '@/lib/dates/iso-date'
import type { FeedDay, FeedItem, HistoryStage } from '../lib/activity-feed'

export interface ActivityFeedListProps {
  days: readonly FeedDay[]
  /** Stage id → name in the current pipeline, for the stage moves; a removed stage keeps its own. */
  stageNames: ReadonlyMap<string, string>
  /** Today, for the "Today" and "Yesterday" headings. */
  today?: Date
}

/** The feed by day, newest first; every item opens its deal (at the engagement, when it has one). */
export function ActivityFeedList({ days, stageNames, today = new Date() }: ActivityFeedListProps) {
  return (
    <div className="flex flex-col gap-6">
      {days.map((day) => (
        <section
          key={day.day}
          aria-labelledby={`activity-day-${day.day}`}
          className="flex flex-col gap-2"
        >
          <h2 id={`activity-day-${day.day}`} className="text-sm font-semibold text-gray-700">
            <DayHeading day={day.day} today={today} />
          </h2>
          <ol className="flex flex-col divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
            {day.items.map((item) => (
              <li key={item.key}>
                <FeedItemLink item={item} stageNames={stageNames} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  )
}

function DayHeading({ day, today }: { day: string; today: Date }) {
  const { t, i18n } = useTranslation('activity')
  const date = parseIsoDate(day)
  const todayIso = toIsoDate(today)
  const yesterday = new Date(today)
  yesterday.setDate(yesterday.getDate() - 1)
  const label = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(date ?? undefined)
  if (day === todayIso) return <>{`${t('recent.today')} · ${label}`}</>
  if (day === toIsoDate(yesterday)) return <>{`${t('recent.yesterday')} · ${label}`}</>
  return <time dateTime={day}>{label}</time>
}

const ENGAGEMENT_ICONS = {
  transcript: Phone,
  email: Mail,
  meeting: Users,
  note: StickyNote,
} as const

function FeedItemLink({
  item,
  stageNames,
}: {
  item: FeedItem
  stageNames: ReadonlyMap<string, string>
}) {
  const { t, i18n } = useTranslation('activity')
  const time = new Intl.DateTimeFormat(dateLocale(i18n.language), { timeStyle: 'short' }).format(
    new Date(item.at),
  )
  const { icon, title, detail } = describe(item, stageNames, t)
  const content = (
    <>
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-600"
      >
        {icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="text-sm font-medium text-gray-900 break-words">{title}</span>
        {detail}
        <span className="text-xs text-gray-500">
          <Isolating i18nKey="recent.item.deal_at" values={{ deal: item.dealName, time }} />
        </span>
      </span>
    </>
  )
  const className =
    'flex items-start gap-3 px-4 py-3 hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600'
  if (item.kind === 'stage') {
    return (
      <Link to="/deals/$dealId/" params={{ dealId: item.dealId }} className={className}>
        {content}
      </Link>
    )
  }
  return (
    <Link
      to="/deals/$dealId/"
      params={{ dealId: item.dealId }}
      search={{ tab: 'activity' }}
      hash={`engagement-${item.engagementId}`}
      className={className}
    >
      {content}
    </Link>
  )
}

type ItemKey =
  | 'recent.item.transcript'
  | 'recent.item.email'
  | 'recent.item.meeting'
  | 'recent.item.note'
  | 'recent.item.status'
  | 'recent.item.objection'
  | 'recent.item.stage'
  | 'recent.item.deal_at'

/**
 * A translated line whose names (deals, engagements, actions, stages) are bidi-isolated, so that a
 * Latin name keeps its punctuation in place inside Arabic text and the other way round.
 */
function Isolating({ i18nKey, values }: { i18nKey: ItemKey; values: Record<string, string> }) {
  const { t } = useTranslation('activity')
  return <Trans t={t} i18nKey={i18nKey} values={values} components={{ bdi: <bdi /> }} />
}

type Translate = ReturnType<typeof useTranslation<'activity'>>['t']

function describe(
  item: FeedItem,
  stageNames: ReadonlyMap<string, string>,
  t: Translate,
): { icon: React.ReactNode; title: React.ReactNode; detail?: React.ReactNode } {
  switch (item.kind) {
    case 'engagement': {
      const Icon = ENGAGEMENT_ICONS[item.engagementType] ?? FileText
      return {
        icon: <Icon className="size-4" />,
        title: (
          <Isolating
            i18nKey={`recent.item.${item.engagementType}`}
            values={{ name: item.engagementName }}
          />
        ),
      }
    }
    case 'status': {
      // The statuses' display labels, the badge's too: not the analysis's own words ("Done").
      const to = t(`recent.progress.${item.to}`)
      return {
        icon: <CircleCheck className="size-4" />,
        title: (
          <Isolating
            i18nKey="recent.item.status"
            values={{ action: item.action, from: t(`recent.progress.${item.from}`), to }}
          />
        ),
        detail: (
          <span className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
            <span>{t('recent.item.status_kind')}</span>
            <Badge variant={PROGRESS_VARIANT[item.to]}>{to}</Badge>
          </span>
        ),
      }
    }
    case 'objection':
      return {
        icon: <MessageSquareWarning className="size-4" />,
        title: <Isolating i18nKey="recent.item.objection" values={{ type: item.objectionType }} />,
        detail: (
          <span className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
            <q dir="auto" className="italic break-words">
              {item.quote}
            </q>
            <Badge variant={item.handled ? 'success' : 'warning'}>
              {item.handled ? t('recent.item.handled') : t('recent.item.unhandled')}
            </Badge>
          </span>
        ),
      }
    case 'stage': {
      // The pipeline's current name; a stage since removed keeps the name the history gives it.
      const nameOf = (stage: HistoryStage | null) =>
        (stage && (stageNames.get(stage.stage_id) ?? stage.name)) || t('recent.item.unknown_stage')
      return {
        icon: <ArrowRightLeft className="size-4" />,
        title: (
          <Isolating
            i18nKey="recent.item.stage"
            values={{ from: nameOf(item.from), to: nameOf(item.to) }}
          />
        ),
      }
    }
  }
}
