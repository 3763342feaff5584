/** Loads the application's frame (its sidebar and header), which the root layout draws lazily. */
export const loadAppFrame = () => import('./-app-frame')
