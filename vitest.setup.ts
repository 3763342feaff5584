import { afterEach, beforeEach, vi, type MockInstance } from 'vitest'

// DESIGN §3.7: a console.error during a test is a bug the test did not assert on.
let consoleError: MockInstance<typeof console.error> | undefined

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  const calls = consoleError?.mock.calls ?? []
  consoleError?.mockRestore()
  consoleError = undefined
  if (calls.length > 0) {
    const lines = calls.map((args) => args.map(String).join(' ')).join('\n')
    throw new Error(`console.error was called during the test:\n${lines}`)
  }
})
