import { useBlocker, useRouter } from '@tanstack/react-router'
import { LeaveWithoutSavingDialog, useReportUnsavedEdits } from '@/components/ui/modal-dialog'

// Stable, so the router's blocker is registered again only when `when` changes.
const alwaysBlock = () => true

/**
 * Asks before unsaved edits are lost: leaving in the app opens a dialog (stay or leave), closing
 * or reloading the tab gets the browser's own question, and inside a dialog, closing that dialog
 * asks too (ModalDialog's guard). A navigation that follows a save passes `ignoreBlocker: true`.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  // Before the router check: a dialog's form asks before closing in a component test too.
  useReportUnsavedEdits(when)
  // A form rendered on its own (a component test) has no router to guard.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  return router ? <Prompt when={when} /> : null
}

function Prompt({ when }: { when: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: alwaysBlock,
    enableBeforeUnload: true,
    disabled: !when,
    withResolver: true,
  })
  const blocked = blocker.status === 'blocked'
  return (
    <LeaveWithoutSavingDialog
      open={blocked}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  )
}
