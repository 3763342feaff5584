import type * as AppFrameModule from './-app-frame'

let loaded: typeof AppFrameModule | undefined

/** Loads the application's frame (its sidebar and header), which the root layout draws lazily. */
export const loadAppFrame = (): Promise<typeof AppFrameModule> =>
  import('./-app-frame').then((module) => (loaded = module))

/** The frame's module if it has loaded already, so that a render need not wait for it. */
export const loadedAppFrame = (): typeof AppFrameModule | undefined => loaded
