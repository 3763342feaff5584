import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { passwordStrength } from '@/lib/password-strength'

const BAR_COLOURS = [
  'bg-gray-200',
  'bg-red-600',
  'bg-amber-500',
  'bg-emerald-500',
  'bg-emerald-700',
]

/**
 * How hard a new password would be to guess, in four bars and a word (ASVS 2.1.8). Shown once
 * something is typed; it guides, the server's rules decide.
 */
function PasswordStrengthMeter({ password, className }: { password: string; className?: string }) {
  const { t } = useTranslation('ui')
  if (password === '') return null
  const strength = passwordStrength(password)
  const label = t(`password_strength.${strength}`)
  return (
    <div
      role="meter"
      aria-label={t('password_strength.label')}
      aria-valuemin={0}
      aria-valuemax={4}
      aria-valuenow={strength}
      aria-valuetext={label}
      className={cn('flex items-center gap-3', className)}
    >
      <div aria-hidden="true" className="grid flex-1 grid-cols-4 gap-1">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              'h-1.5 rounded-full',
              bar <= strength ? BAR_COLOURS[strength] : 'bg-gray-200',
            )}
          />
        ))}
      </div>
      <span className="w-24 text-end text-xs text-gray-700">{label}</span>
    </div>
  )
}

export { PasswordStrengthMeter }
