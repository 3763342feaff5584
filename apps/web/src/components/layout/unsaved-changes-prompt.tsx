import { useBlocker, useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { ModalDialog } from '@/components/ui/modal-dialog'

// Stable, so the router's blocker is registered again only when `when` changes.
const alwaysBlock = () => true

/**
 * Asks before unsaved edits are lost: leaving in the app opens a dialog (stay or leave), closing
 * or reloading the tab gets the browser's own question. A navigation that follows a save passes
 * `ignoreBlocker: true`.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  // A form rendered on its own (a component test) has no router to guard.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  return router ? <Prompt when={when} /> : null
}

function Prompt({ when }: { when: boolean }) {
  const { t } = useTranslation()
  const blocker = useBlocker({
    shouldBlockFn: alwaysBlock,
    enableBeforeUnload: true,
    disabled: !when,
    withResolver: true,
  })
  const blocked = blocker.status === 'blocked'
  return (
    <ModalDialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open && blocked) blocker.reset()
      }}
      title={t('unsaved_changes.title')}
      description={t('unsaved_changes.description')}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => blocker.reset?.()}>
            {t('unsaved_changes.stay')}
          </Button>
          <Button type="button" variant="destructive" onClick={() => blocker.proceed?.()}>
            {t('unsaved_changes.leave')}
          </Button>
        </>
      }
    />
  )
}
